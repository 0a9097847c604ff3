#pragma once
// exp, log and the functions built on them, computed with +, −, ×, ÷ and exact bit operations only,
// so that they give the same bits natively and in WebAssembly (issue 27).
//
// Why the fits need their own: the C library's exp, log and pow differ in the last bit between the
// native build and the wasm build. glibc on an x86-64 CPU with FMA selects FMA variants of them
// (about 1 call in 1600 of exp rounds differently from Emscripten's musl, which runs the same
// algorithm without FMA; with GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA the two agree on every one of
// 200 000 random arguments of exp, log and pow, tanh still differs). A least-squares fit from several
// starts amplifies such a last bit: two starts that end within 1e-12 of each other swap places, a
// near-flat valley is left at another point, and the same request gave another text from the command
// line than from the page. The fits' own curves (steady_curves.cpp) and transforms use these instead,
// and the build compiles without FP contraction (-ffp-contract=off), so that every operation here
// rounds alike on every platform.
//
// Accuracy: exp and log within about 1 ulp (tests/native/fit_models_test.cpp measures them against
// the C library); pow(x, y) = exp(y·log x), whose error grows with |y·log x| (4e-15 relative at 30).
// Speed: no tables and no division in exp; about as fast as the C library's in wasm and natively.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace friction::portable {

namespace detail {

// ln 2 split for Cody and Waite's reduction: kLn2Hi has its low 32 bits zero, so k·kLn2Hi is exact
// for |k| < 2^20 (IEEE 754 constants as in every libm since Cody & Waite, Software Manual for the
// Elementary Functions, 1980).
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kInverseLn2 = 1.44269504088896338700e+00;
constexpr double kLn2 = 0.69314718055994530942;

inline double fromBits(std::uint64_t bits) {
  double value = 0;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

inline std::uint64_t toBits(double value) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

/// 2^k for −1022 ≤ k ≤ 1023, exactly.
inline double powerOfTwo(int k) { return fromBits(static_cast<std::uint64_t>(k + 1023) << 52); }

/// e^r − 1 for |r| ≤ 0.35: the Taylor series to r^13 (its remainder is below 1e-17 there), by
/// Horner's rule from the smallest term.
inline double expm1Reduced(double r) {
  constexpr double c[] = {1.0 / 6227020800.0, 1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0,
                          1.0 / 362880.0,     1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,
                          1.0 / 120.0,        1.0 / 24.0,        1.0 / 6.0,        0.5};
  double sum = c[0];
  for (int i = 1; i < 12; ++i) sum = sum * r + c[i];
  return r + r * r * sum;
}

/// 2^(j/64) for j = 0…63, each rounded to the nearest double (computed to 60 digits, written in hex).
constexpr double kPowersOfTwo64[64] = {
    0x1.0000000000000p+0, 0x1.02c9a3e778061p+0, 0x1.059b0d3158574p+0, 0x1.0874518759bc8p+0,
    0x1.0b5586cf9890fp+0, 0x1.0e3ec32d3d1a2p+0, 0x1.11301d0125b51p+0, 0x1.1429aaea92de0p+0,
    0x1.172b83c7d517bp+0, 0x1.1a35beb6fcb75p+0, 0x1.1d4873168b9aap+0, 0x1.2063b88628cd6p+0,
    0x1.2387a6e756238p+0, 0x1.26b4565e27cddp+0, 0x1.29e9df51fdee1p+0, 0x1.2d285a6e4030bp+0,
    0x1.306fe0a31b715p+0, 0x1.33c08b26416ffp+0, 0x1.371a7373aa9cbp+0, 0x1.3a7db34e59ff7p+0,
    0x1.3dea64c123422p+0, 0x1.4160a21f72e2ap+0, 0x1.44e086061892dp+0, 0x1.486a2b5c13cd0p+0,
    0x1.4bfdad5362a27p+0, 0x1.4f9b2769d2ca7p+0, 0x1.5342b569d4f82p+0, 0x1.56f4736b527dap+0,
    0x1.5ab07dd485429p+0, 0x1.5e76f15ad2148p+0, 0x1.6247eb03a5585p+0, 0x1.6623882552225p+0,
    0x1.6a09e667f3bcdp+0, 0x1.6dfb23c651a2fp+0, 0x1.71f75e8ec5f74p+0, 0x1.75feb564267c9p+0,
    0x1.7a11473eb0187p+0, 0x1.7e2f336cf4e62p+0, 0x1.82589994cce13p+0, 0x1.868d99b4492edp+0,
    0x1.8ace5422aa0dbp+0, 0x1.8f1ae99157736p+0, 0x1.93737b0cdc5e5p+0, 0x1.97d829fde4e50p+0,
    0x1.9c49182a3f090p+0, 0x1.a0c667b5de565p+0, 0x1.a5503b23e255dp+0, 0x1.a9e6b5579fdbfp+0,
    0x1.ae89f995ad3adp+0, 0x1.b33a2b84f15fbp+0, 0x1.b7f76f2fb5e47p+0, 0x1.bcc1e904bc1d2p+0,
    0x1.c199bdd85529cp+0, 0x1.c67f12e57d14bp+0, 0x1.cb720dcef9069p+0, 0x1.d072d4a07897cp+0,
    0x1.d5818dcfba487p+0, 0x1.da9e603db3285p+0, 0x1.dfc97337b9b5fp+0, 0x1.e502ee78b3ff6p+0,
    0x1.ea4afa2a490dap+0, 0x1.efa1bee615a27p+0, 0x1.f50765b6e4540p+0, 0x1.fa7c1819e90d8p+0,
};

}  // namespace detail

/// e^x within about 1 ulp: x = (64k + j)·(ln 2)/64 + r with |r| ≤ (ln 2)/128, so e^x = 2^k·2^(j/64)·e^r,
/// 2^(j/64) from the table and e^r − 1 by its series to r^6 (the remainder is below 1e-17 of it).
inline double exp(double x) {
  if (!(x == x)) return x;  // NaN
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;
  // n = the integer nearest x·64/ln 2: adding 1.5·2^52 rounds to an integer (|x·64/ln 2| < 2^17), and its
  // low bits are n itself (two's complement within the mantissa).
  constexpr double kShift = 0x1.8p52;
  const double shifted = x * (64 * detail::kInverseLn2) + kShift;
  const double n = shifted - kShift;
  const double r = (x - n * (detail::kLn2Hi / 64)) - n * (detail::kLn2Lo / 64);
  const auto whole = static_cast<std::int32_t>(static_cast<std::uint32_t>(detail::toBits(shifted)));
  const int j = whole & 63, power = whole >> 6;  // n = 64·power + j, 0 ≤ j < 64 (an arithmetic shift)
  // e^r − 1 in Estrin's grouping (shorter dependency chains than Horner's rule, the same terms).
  const double r2 = r * r;
  const double series =
      r + r2 * (0.5 + r * (1.0 / 6)) + (r2 * r2) * (1.0 / 24 + r * (1.0 / 120) + r2 * (1.0 / 720));
  const double table = detail::kPowersOfTwo64[j];
  const double mantissa = table + table * series;
  // The scale 2^power in two exact factors where it leaves the normal range (e^709.78, or a subnormal).
  if (power > 1023) return mantissa * detail::powerOfTwo(1023) * 2.0;
  if (power < -1022) return mantissa * detail::powerOfTwo(power + 1000) * detail::powerOfTwo(-1000);
  return mantissa * detail::powerOfTwo(power);
}

/// ln x within about 1 ulp: x = m·2^e with m in [√½, √2), ln m = 2 atanh(s), s = (m − 1)/(m + 1), by
/// its odd series to s^21 (|s| ≤ 0.172: the remainder is below 1e-17).
inline double log(double x) {
  if (!(x > 0))
    return x == 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  if (x == std::numeric_limits<double>::infinity()) return x;
  int exponent = 0;
  if (x < std::numeric_limits<double>::min()) {  // subnormal: scale into the normal range first
    x *= detail::powerOfTwo(54);
    exponent = -54;
  }
  const std::uint64_t bits = detail::toBits(x);
  exponent += static_cast<int>(bits >> 52) - 1023;
  double m = detail::fromBits((bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull);  // [1, 2)
  if (m > 1.4142135623730951) {
    m *= 0.5;
    ++exponent;
  }
  // 2s = f − s·f, so ln m = f − s·f + s·R with R = z(2/3 + 2z/5 + …); written as fdlibm's
  // f − (f²/2 − s·(f²/2 + R)), which keeps the rounding of s out of the leading term.
  const double f = m - 1.0, s = f / (2.0 + f), z = s * s, halfSquare = 0.5 * f * f;
  double series = 2.0 / 21.0;
  for (int n = 19; n >= 3; n -= 2) series = series * z + 2.0 / n;
  const double lnM = f - (halfSquare - s * (halfSquare + z * series));
  const double e = exponent;
  return e * detail::kLn2Hi + (e * detail::kLn2Lo + lnM);
}

/// x^y for x > 0 as e^(y·ln x) (its relative error grows with |y·ln x|); 0^y as the C library has it
/// for y > 0 (0), and 1 for y = 0.
inline double pow(double x, double y) {
  if (y == 0) return 1.0;
  if (x == 0) return y > 0 ? 0.0 : std::numeric_limits<double>::infinity();
  return exp(y * log(x));
}

/// e^x − 1, accurate near 0: the series below 0.35; up to 50, x = k·ln 2 + r and
/// e^x − 1 = 2^k·(e^r − 1) + (2^k − 1), whose second term is exact; e^x − 1 beyond.
inline double expm1(double x) {
  if (std::fabs(x) <= 0.35) return detail::expm1Reduced(x);
  if (!(std::fabs(x) <= 50)) return x < 0 ? -1.0 : exp(x) - 1.0;
  const double k = std::floor(x * detail::kInverseLn2 + 0.5);
  const double r = (x - k * detail::kLn2Hi) - k * detail::kLn2Lo;
  const double scale = detail::powerOfTwo(static_cast<int>(k));
  return scale * detail::expm1Reduced(r) + (scale - 1.0);
}

/// ln(1 + x) for x > −1, accurate near 0 (Goldberg's correction: ln u · x/(u − 1), u = 1 + x rounded).
inline double log1p(double x) {
  const double u = 1.0 + x;
  if (u == 1.0) return x;
  return log(u) * (x / (u - 1.0));
}

/// tanh x, from e^(−2|x|) (or its expm1 near 0), odd.
inline double tanh(double x) {
  const double magnitude = std::fabs(x);
  if (magnitude > 22) return std::copysign(1.0, x);  // 1 − tanh < 1e-19
  const double t = expm1(-2 * magnitude);
  return std::copysign(-t / (2.0 + t), x);
}

/// asinh x = ln(x + √(x² + 1)), odd: ln 2x for |x| > 1e8, x itself below 1e-8, else log1p of x plus
/// x²/(1 + √(1 + x²)).
inline double asinh(double x) {
  const double magnitude = std::fabs(x);
  double result = 0;
  if (magnitude > 1e8)
    result = log(magnitude) + detail::kLn2;
  else if (magnitude < 1e-8)
    result = magnitude;
  else
    result = log1p(magnitude + magnitude * magnitude / (1.0 + std::sqrt(1.0 + magnitude * magnitude)));
  return std::copysign(result, x);
}

}  // namespace friction::portable
