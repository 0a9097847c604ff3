// OpenRadioss contact friction (seed 002): the friction coefficient laws by Ifric 0–4, the
// tangential-force formulations Iform 1 (viscous penalty) and 2 (stiffness incremental), and friction
// filtering Ifiltr 1–3, as engine/source/interfaces/int07/i7for3.F and the starter
// (hm_read_inter_type07.F) compute them. The quirks kept are listed in docs/reference/models.md
// ("Friction laws of the seeds").
//
// Conventions of the source, kept: V = sqrt(max(1e-30, ‖Vt‖²)) (never below 1e-15), p is the contact
// pressure (positive in compression), every law but Ifric 0 floors μ at 1e-30, and Radioss's Ft points
// along +Vt (Vt = secondary minus main); the body (the secondary node) receives −Ft, which is what
// these functions return as the force. The gap-dependent stiffening of Iform 1's damping for an
// approaching contact is not modelled (it needs the penetration history): C = VISF·√(2KM).

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "friction/constants.h"
#include "friction/errors.h"
#include "laws/law_registry.h"
#include "laws/vec3.h"

namespace friction {
namespace {

struct RadiossParams {
  double Fric, C1, C2, C3, C4, C5, C6, Iform, VISF, K, M, Ifiltr, Xfreq;
};
using Field = ParamField<RadiossParams>;

// Parameters shared by every law, each declared once.
constexpr Field kFric{
    &RadiossParams::Fric,
    {"Fric", "μ", "Fric", "", 0.1, 0.0, 2.0, 0.01, Scale::Linear,
     "Coulomb friction coefficient of the interface card (Radioss default 0; 0.1 here so the "
     "curve shows)."}};
constexpr Field kIform{&RadiossParams::Iform,
                       {"Iform",
                        "Iform",
                        "Iform",
                        "",
                        1,
                        1,
                        2,
                        1,
                        Scale::Linear,
                        "Tangential force formulation: 1 viscous (total) penalty, the default; 2 stiffness "
                        "(incremental) penalty, which remembers the previous force.",
                        {},
                        ParamKind::Integer}};
constexpr Field kVisf{
    &RadiossParams::VISF,
    {"VISF", "VISF", "VISF", "", 0.0, 0.0, 10.0, 0.05, Scale::Linear,
     "Critical damping coefficient of the Iform 1 penalty, C = VISF·√(2KM). 0 means Radioss's "
     "default: 1 when Fric ≠ 0 or Ifric ≠ 0 (unused with Iform 2)."}};
constexpr Field kStiffness{&RadiossParams::K,
                           {"K", "K", "Interface stiffness", "N/m", 1e5, 1e-3, 1e12, 1, Scale::Log,
                            "Contact stiffness STIF (Iform 1's damping) or STIF0 (Iform 2's increments)."}};
constexpr Field kMass{
    &RadiossParams::M,
    {"M", "M", "Nodal mass", "kg", 0.01, 1e-9, 1e6, 0.001, Scale::Log,
     "Mass of the secondary node (the seed's docs say main node; the code uses the secondary)."}};
constexpr Field kIfiltr{
    &RadiossParams::Ifiltr,
    {"Ifiltr",
     "Ifiltr",
     "Ifiltr",
     "",
     0,
     0,
     3,
     1,
     Scale::Linear,
     "Friction filtering: 0 none; 1 α = Xfreq; 2 α = 2π/Xfreq (no dt: Xfreq is a period in "
     "steps, ≥ 2π); 3 α = MAX(1, 2π·Xfreq·dt): the source's MAX means no filtering when "
     "2π·Xfreq·dt ≤ 1 and extrapolation (α > 1) above. The filtered force is not re-capped "
     "at μ|Fn|. Filtering acts over a sequence of steps, so it does not change a μ(v) or F(v) curve.",
     {},
     ParamKind::Integer}};
constexpr Field kXfreq{
    &RadiossParams::Xfreq,
    {"Xfreq", "Xfreq", "Xfreq", "", 0.0, 0.0, 1e9, 0.01, Scale::Linear,
     "Filtering coefficient or frequency; 0 turns filtering off whatever Ifiltr is. The starter "
     "refuses α > 1 for Ifiltr 1 and 2. No effect on a single μ(v) or F(v) curve."}};

#define RADIOSS_CONTACT kIform, kVisf, kStiffness, kMass, kIfiltr, kXfreq

constexpr Field coefficientField(double RadiossParams::*member, std::string_view key, std::string_view unit,
                                 double value, double min, double max, std::string_view help) {
  // Fine steps: these coefficients matter at the scale of their defaults, not of their wide ranges.
  return {member, {key, key, key, unit, value, min, max, 1e-4, Scale::Linear, help}};
}

// Ifric 0: μ = Fric.
constexpr std::array<Field, 7> kCoulombFields = {{kFric, RADIOSS_CONTACT}};

// Ifric 1: μ = Fric + C1 p + C2 V + C3 pV + C4 p² + C5 V².
constexpr std::array<Field, 12> kViscousFields = {{
    kFric,
    coefficientField(&RadiossParams::C1, "C1", "1/Pa", 0.01, -1e3, 1e3, "Pressure term C1·p."),
    coefficientField(&RadiossParams::C2, "C2", "s/m", 0.02, -1e3, 1e3, "Velocity term C2·V."),
    coefficientField(&RadiossParams::C3, "C3", "s/(Pa·m)", 0.001, -1e3, 1e3, "Mixed term C3·p·V."),
    coefficientField(&RadiossParams::C4, "C4", "1/Pa²", 0.0005, -1e3, 1e3, "Pressure term C4·p²."),
    coefficientField(&RadiossParams::C5, "C5", "s²/m²", 0.003, -1e3, 1e3,
                     "Velocity term C5·V² (raw ‖Vt‖², not floored)."),
    RADIOSS_CONTACT,
}};

// Ifric 2: μ = Fric + C1 e^{C2 V} p² + C3 e^{C4 V} p + C5 e^{C6 V}.
constexpr std::array<Field, 13> kDarmstadFields = {{
    kFric,
    coefficientField(&RadiossParams::C1, "C1", "1/Pa²", 0.0, -1e3, 1e3, "Amplitude of the p² term."),
    coefficientField(&RadiossParams::C2, "C2", "s/m", 0.0, -1e3, 1e3,
                     "Rate of the p² term's exponential in V."),
    coefficientField(&RadiossParams::C3, "C3", "1/Pa", 0.0, -1e3, 1e3, "Amplitude of the p term."),
    coefficientField(&RadiossParams::C4, "C4", "s/m", 0.0, -1e3, 1e3,
                     "Rate of the p term's exponential in V."),
    coefficientField(&RadiossParams::C5, "C5", "", 0.1, -1e3, 1e3, "Amplitude of the velocity-only term."),
    coefficientField(&RadiossParams::C6, "C6", "s/m", -2.0, -1e3, 1e3,
                     "Rate of the velocity-only exponential."),
    RADIOSS_CONTACT,
}};

// Ifric 3 (Renard): three branches in V; Fric unused.
constexpr std::array<Field, 12> kRenardFields = {{
    coefficientField(&RadiossParams::C1, "C1", "", 0.15, 0.0, 2.0,
                     "μ at rest (V = 0): the static coefficient."),
    coefficientField(&RadiossParams::C2, "C2", "", 0.12, 0.0, 2.0,
                     "μ as V → ∞ (asymptote of the last branch)."),
    coefficientField(&RadiossParams::C3, "C3", "", 0.20, 0.0, 2.0, "μ at V = C5 (end of the parabola)."),
    coefficientField(&RadiossParams::C4, "C4", "", 0.10, 0.0, 2.0,
                     "μ at V = C6. If C2 < C4 the last branch has a pole at C6 + 1/√(C4 − C2) (then μ is "
                     "floored at 1e-30)."),
    coefficientField(&RadiossParams::C5, "C5", "m/s", 0.5, 0.0, 1e3, "First critical velocity (> 0)."),
    coefficientField(&RadiossParams::C6, "C6", "m/s", 2.0, 0.0, 1e3, "Second critical velocity (> C5)."),
    RADIOSS_CONTACT,
}};

// Ifric 4: μ = C1 + (Fric − C1) e^{−C2 V}.
constexpr std::array<Field, 9> kExponentialFields = {{
    kFric,
    coefficientField(&RadiossParams::C1, "C1", "", 0.05, 0.0, 2.0, "μ as V → ∞ (Fric is μ at V = 0)."),
    coefficientField(&RadiossParams::C2, "C2", "s/m", 10.0, 0.0, 1e6, "Decay rate in V."),
    RADIOSS_CONTACT,
}};

#undef RADIOSS_CONTACT

// The friction coefficient of law `Ifric` for tangential speed² V2 and pressure p (i7for3.F).
double frictionMu(int Ifric, const RadiossParams& c, double V2, double p) {
  if (Ifric == 0) return c.Fric;  // no floor
  const double V = std::sqrt(std::max(1e-30, V2));
  double mu = 0;
  if (Ifric == 1) {
    mu = c.Fric + (c.C1 + c.C4 * p) * p + (c.C2 + c.C3 * p) * V + c.C5 * V2;
  } else if (Ifric == 2) {
    mu = c.Fric + c.C1 * std::exp(c.C2 * V) * p * p + c.C3 * std::exp(c.C4 * V) * p +
         c.C5 * std::exp(c.C6 * V);
  } else if (Ifric == 3) {
    if (V <= c.C5) {  // parabola from C1 at rest to C3 at C5
      const double x = V / c.C5;
      mu = c.C1 + (c.C3 - c.C1) * x * (2 - x);
    } else if (V < c.C6) {  // smooth step from C3 to C4
      const double x = (V - c.C5) / (c.C6 - c.C5);
      mu = c.C3 + (c.C4 - c.C3) * (3 - 2 * x) * x * x;
    } else {  // from C4 at C6 towards C2
      const double D = c.C2 - c.C4;
      mu = c.C2 - D / (1 + D * (V - c.C6) * (V - c.C6));
    }
  } else {
    mu = c.C1 + (c.Fric - c.C1) * std::exp(-c.C2 * V);
  }
  return std::max(mu, 1e-30);
}

// Starter: IFQ = Ifiltr unless Xfreq = 0; XFILTR from IFQ: 1 → Xfreq, 2 → 2π/Xfreq, 3 → 2π·Xfreq.
int filterKind(const RadiossParams& c) { return c.Xfreq == 0 ? 0 : static_cast<int>(c.Ifiltr); }
double filterCoefficient0(const RadiossParams& c) {
  switch (filterKind(c)) {
    case 1:
      return c.Xfreq;
    case 2:
      return 2 * kPi / c.Xfreq;
    case 3:
      return 2 * kPi * c.Xfreq;
    default:
      return 1;  // no filter (IFQ 0, or 10 with Iform 2)
  }
}
// Engine: α = XFILTR for IFQ 1 and 2, MAX(1, XFILTR·DT12) for IFQ 3 (sic: MAX, not MIN).
double filterAlpha(const RadiossParams& c, double dt) {
  const double x = filterCoefficient0(c);
  return filterKind(c) == 3 ? std::max(1.0, x * dt) : x;
}

// Starter's VISF defaults: 0 becomes 1 when Fric ≠ 0 or Ifric ≠ 0; unused (0) with Iform 2.
double effectiveVisf(int Ifric, const RadiossParams& c) {
  if (c.Iform == 2) return 0;
  return c.VISF == 0 && (c.Fric != 0 || Ifric != 0) ? 1.0 : c.VISF;
}

// Iform 1, Radioss's sign (along +Vt): |Ft| = min(C‖Vt‖, μ|Fn|) with C² = VISF²·2KM, computed as
//   F2 = C²‖Vt‖², FM2 = (μ Fn)², A2 = min(F2, FM2)/max(1e-30, F2), Ft = √(A2·C²)·Vt.
Vec3 viscousPenalty(int Ifric, const RadiossParams& c, const Vec3& Vt, double mu, double Fn) {
  const double visf = effectiveVisf(Ifric, c);
  const double vis2 = visf * visf * (2 * c.K * c.M);
  const double F2 = vis2 * dot(Vt, Vt);
  const double FM2 = (mu * Fn) * (mu * Fn);
  const double A2 = std::min(F2, FM2) / std::max(1e-30, F2);
  return scaled(Vt, std::sqrt(A2 * vis2));
}

// --- How it is computed (the catalog's equations and quirks) -----------------------------------
constexpr Equation kSpeedLine = {
    R"t(V = \sqrt{\max\left(10^{-30},\ \lVert \mathbf{V}_t \rVert^2\right)}, \qquad p =)t"
    R"t( \text{contact pressure})t",
    "The tangential speed, floored at 1e-15 m/s, and the pressure (positive in compression), as i7for3.F "
    "reads them."};
constexpr Equation kViscousPenaltyLine = {
    R"t(\mathrm{Iform} = 1:\quad C^2 = \mathrm{VISF}^2 \cdot 2 K M, \quad \mathbf{F}_t =)t"
    R"t( \sqrt{\frac{\min\left(C^2 \lVert \mathbf{V}_t \rVert^2,\ (\mu)t"
    R"t( F_n)^2\right)}{\max\left(10^{-30},\ C^2 \lVert \mathbf{V}_t \rVert^2\right)}\,C^2}\ \)t"
    R"t( \mathbf{V}_t)t",
    "The viscous (total) penalty: |Ft| = min(C‖Vt‖, μ|Fn|) along Vt, computed as the source does, with its "
    "tiny-velocity tail below 1e-15 N."};
constexpr Equation kStiffnessLine = {
    R"t(\mathrm{Iform} = 2:\quad \mathbf{F}_t^* = \mathbf{F}_t^{\text{old}} + \alpha K)t"
    R"t( \mathbf{V}\,\Delta t, \quad \mathbf{F}_t = \min\left(1,\)t"
    R"t( \frac{\mu\,|F_n|}{\sqrt{\max\left(\lVert \mathbf{F}_t^* \rVert^2,\)t"
    R"t( 10^{-30}\right)}}\right) \mathbf{F}_t^*)t",
    "The stiffness (incremental) penalty: the previous force plus K·V·Δt, projected on the tangent plane and "
    "capped at μ|Fn|; the capped force is remembered for the next step."};
constexpr Equation kFilterLine = {
    R"t(\alpha = \begin{cases} 1 & \mathrm{Ifiltr} = 0 \text{ or } \mathrm{Xfreq} = 0 \\)t"
    R"t( \mathrm{Xfreq} & \mathrm{Ifiltr} = 1 \\ 2\pi / \mathrm{Xfreq} & \mathrm{Ifiltr} = 2 \\)t"
    R"t( \max\left(1,\ 2\pi\,\mathrm{Xfreq}\,\Delta t\right) & \mathrm{Ifiltr} = 3 \end{cases},)t"
    R"t( \qquad \mathrm{Iform} = 1:\ \mathbf{F}_t = \alpha\,\mathbf{F}_t^{\text{new}} + (1 -)t"
    R"t( \alpha)\,\mathbf{F}_t^{\text{old}})t",
    "Friction filtering: the blend of the new and the previous force (Iform 1), or the scale of the "
    "increment (Iform 2); MAX for Ifiltr 3 as the source has it."};
constexpr Equation kSignLine = {
    R"t(\mathrm{VISF} \leftarrow 1 \ \text{ if } \mathrm{VISF} = 0 \text{ and } (\mathrm{Fric})t"
    R"t( \ne 0 \text{ or } \mathrm{Ifric} \ne 0), \qquad \mathbf{F}_{\text{body}} = -\mathbf{F}_t)t",
    "The starter's default damping, and the force the body (the secondary node) receives: Radioss's Ft "
    "points along +Vt."};

std::vector<Equation> radiossEquations(const Equation& muLine) {
  return {kSpeedLine, muLine, kViscousPenaltyLine, kStiffnessLine, kFilterLine, kSignLine};
}

constexpr std::string_view kCommonQuirks[] = {
    "V is floored at 1e-15 m/s (√max(1e-30, ‖Vt‖²)), so no law sees a speed of exactly 0.",
    "Ifiltr 3 uses α = MAX(1, 2π·Xfreq·dt): no filtering at all when 2π·Xfreq·dt ≤ 1 and an extrapolating α "
    "> 1 above (probably meant MIN; the line recurs in eight force routines).",
    "Ifiltr 2's α = 2π/Xfreq has no dt: Xfreq is a period in steps and must be at least 2π.",
    "The filtered force is not capped again at μ|Fn|.",
    "The starter sets VISF = 1 when it is 0 and Fric ≠ 0 or Ifric ≠ 0, and ignores it with Iform 2.",
    "The seed's documentation calls M the main node's mass; the code uses the secondary node's.",
    "Not modelled: Iform 1's damping stiffening for an approaching contact, which needs the penetration "
    "history.",
    "Iform 1's force is zero at rest (C·V): there is no true stick state; Iform 2 and filtering remember the "
    "force between steps, so they run in Radioss's explicit loop, where the contact holds inside the "
    "friction cone.",
};

std::vector<std::string_view> radiossQuirks(std::initializer_list<std::string_view> own) {
  std::vector<std::string_view> quirks(own);
  quirks.insert(quirks.end(), std::begin(kCommonQuirks), std::end(kCommonQuirks));
  return quirks;
}

// The laws' functions on their bound parameters, for the law Ifric: one copy shared by the five
// laws, which differ only in their field tables (RadiossLaw below binds each law's own).
void validateRadioss(int Ifric, const RadiossParams& c) {
  if (Ifric == 3) {
    const std::string got = "; got C5 = " + formatNumber(c.C5) + " m/s, C6 = " + formatNumber(c.C6) + " m/s.";
    require(c.C5 > 0, "C5",
            [&] { return std::string("Renard needs C5 > 0 (its first branch divides by C5)" + got); });
    require(c.C6 > c.C5, "C6",
            [&] { return std::string("Renard needs C6 > C5 (its second branch divides by C6 − C5)" + got); });
  }
  const int kind = filterKind(c);
  const double x = filterCoefficient0(c);
  require(!(kind == 1 || kind == 2) || x <= 1, "Xfreq", [&] {
    return std::string("With Ifiltr " + std::to_string(kind) + " the filter coefficient α = " +
                       (kind == 1 ? std::string("Xfreq") : std::string("2π/Xfreq")) +
                       " must not exceed 1 (Radioss starter "
                       "check); got α = " +
                       formatNumber(x) + " from Xfreq = " + formatNumber(c.Xfreq) + ".");
  });
}

void requireRadiossStateless(const RadiossParams& c) {
  require(c.Iform == 1, "Iform", [&] {
    return std::string(
        "With Iform 2 the force increments from the previous one: use the stateful form "
        "(createLaw(…).step()).");
  });
  require(filterKind(c) == 0, "Ifiltr", [&] {
    return std::string(
        "With filtering the force blends with the previous one: use the stateful form "
        "(createLaw(…).step()).");
  });
}

Vec3 radiossForce(int Ifric, const RadiossParams& c, const LawInputs& in) {
  const Vec3 Vt = tangential(in.vt, in.n);
  const double mu = frictionMu(Ifric, c, dot(Vt, Vt), in.p);
  return scaled(viscousPenalty(Ifric, c, Vt, mu, in.Fn), -1);
}

LawStep radiossStep(int Ifric, const RadiossParams& c, const LawState& state, const LawInputs& in) {
  const Vec3 Vt = tangential(in.vt, in.n);
  const double mu = frictionMu(Ifric, c, dot(Vt, Vt), in.p);
  const double alpha = filterAlpha(c, in.dt);
  Vec3 Ft;
  if (c.Iform == 1) {
    // Ft = α Ft_new + (1 − α) Ft_old with filtering; stored as is, not re-capped.
    const Vec3 fresh = viscousPenalty(Ifric, c, Vt, mu, in.Fn);
    Ft = filterKind(c) == 0 ? fresh : sum(scaled(fresh, alpha), scaled(state.force, 1 - alpha));
  } else {
    // Ft* = Ft_old + α K V dt (V the full relative velocity), projected on the tangent plane, then
    // Ft = β Ft* with β = min(1, μ|Fn| / √max(‖Ft*‖², 1e-30)); the capped force is the new history.
    const Vec3 trial = tangential(sum(state.force, scaled(in.vt, alpha * c.K * in.dt)), in.n);
    const double beta = std::min(1.0, mu * std::fabs(in.Fn) / std::sqrt(std::max(dot(trial, trial), 1e-30)));
    Ft = scaled(trial, beta);
  }
  LawStep out;
  out.force = scaled(Ft, -1);
  out.magnitude = norm(Ft);
  out.mu = mu;
  out.state.force = Ft;
  return out;
}

// Iform 2 holds the contact through the penalty spring α·K, α the filter coefficient (1 without
// filtering; Ifiltr 3's α = MAX(1, 2π·Xfreq·dt) is 1 at steps with 2π·Xfreq·dt ≤ 1, so K is given).
double radiossStiffness(const RadiossParams& c) {
  if (c.Iform != 2) return 0;
  return filterKind(c) == 1 || filterKind(c) == 2 ? filterCoefficient0(c) * c.K : c.K;
}

// For curves: the Iform 1 penalty force (its adhesion ramp near V = 0), or μN for Iform 2, whose
// steady sliding force is the cap.
double radiossCurveForce(int Ifric, const RadiossParams& c, const LawInputs& in) {
  const double mu = frictionMu(Ifric, c, in.v * in.v, in.p);
  if (c.Iform == 2) return mu * std::fabs(in.Fn);
  return norm(viscousPenalty(Ifric, c, {std::fabs(in.v), 0, 0}, mu, in.Fn));
}

// A law: its field table bound at each evaluation, then the shared functions above. One bind per law,
// called, not inlined into each of its eight entry points (0.4 kB gzipped of the page's module).
template <int Ifric, const auto& Fields>
struct RadiossLaw {
  [[gnu::noinline]] static RadiossParams bind(const ResolvedParams& r) { return bindParams(Fields, r); }
  static void validate(const ResolvedParams& r) { validateRadioss(Ifric, bind(r)); }
  static double coefficient(const ResolvedParams& r, const LawInputs& in) {
    return frictionMu(Ifric, bind(r), in.v * in.v, in.p);
  }
  static void requireStateless(const ResolvedParams& r) { requireRadiossStateless(bind(r)); }
  static Vec3 force(const ResolvedParams& r, const LawInputs& in) { return radiossForce(Ifric, bind(r), in); }
  static LawStep step(const ResolvedParams& r, const LawState& state, const LawInputs& in) {
    return radiossStep(Ifric, bind(r), state, in);
  }
  static double stiffness(const ResolvedParams& r) { return radiossStiffness(bind(r)); }
  static double curveForce(const ResolvedParams& r, const LawInputs& in) {
    return radiossCurveForce(Ifric, bind(r), in);
  }

  static LawDefinition definition(std::string_view id, std::string_view name, std::string_view description) {
    LawDefinition law{
        {id, name, description,
         "OpenRadioss engine/source/interfaces/int07/i7for3.F (μ laws, tangential force, filtering) "
         "and starter hm_read_inter_type07.F (defaults, filter set-up), OpenRadioss/OpenRadioss @ "
         "bd4557ba7503; Altair Radioss theory manual, contact friction.",
         specsOf(Fields)},
        "OpenRadioss",
        {"v", "p", "vt", "n", "Fn", "dt"}};
    setTexSymbols(law.spec, {{"Iform", R"t(\mathrm{Iform})t"},
                             {"VISF", R"t(\mathrm{VISF})t"},
                             {"K", "K"},
                             {"M", "M"},
                             {"Ifiltr", R"t(\mathrm{Ifiltr})t"},
                             {"Xfreq", R"t(\mathrm{Xfreq})t"}});
    for (const auto& [key, tex] : {std::pair{"Fric", R"t(\mathrm{Fric})t"},
                                   {"C1", "C_1"},
                                   {"C2", "C_2"},
                                   {"C3", "C_3"},
                                   {"C4", "C_4"},
                                   {"C5", "C_5"},
                                   {"C6", "C_6"}})
      if (law.spec.findParam(key)) setTexSymbols(law.spec, {{key, tex}});
    law.validate = &validate;
    law.coefficient = &coefficient;
    law.force = &force;
    law.requireStatelessForce = &requireStateless;
    law.step = &step;
    law.curveForce = &curveForce;
    law.stiffness = &stiffness;
    return law;
  }
};

}  // namespace

FRICTION_RUN_ONCE void addRadiossLaws(std::vector<LawDefinition>& laws) {
  // Each law with the roles of its parameters (ParamRole) and what the common values cannot set.
  const auto add = [&laws](LawDefinition law,
                           std::initializer_list<std::pair<std::string_view, ParamRole>> roles,
                           std::string_view unmapped) {
    setRoles(law.spec, roles);
    law.spec.unmapped = unmapped;
    laws.push_back(std::move(law));
  };
  add(RadiossLaw<0, kCoulombFields>::definition(
          "radioss-coulomb", "Radioss Coulomb (Ifric 0)",
          "μ = Fric, with the Iform 1 or 2 tangential force and filtering."),
      {{"Fric", ParamRole::KineticCoefficient}},
      "One coefficient, Fric, at rest and in sliding: driven from μk. No μs, and no stiction speed (the "
      "Iform 1 penalty's ramp near V = 0 is set by K, M and VISF).");
  add(RadiossLaw<1, kViscousFields>::definition(
          "radioss-generalized-viscous", "Radioss generalized viscous (Ifric 1)",
          "μ = Fric + C1·p + C2·V + C3·p·V + C4·p² + C5·V², floored at 1e-30."),
      {},
      "Not mapped: μ is Fric plus terms in p and V (C1…C5), so no parameter by itself is a static or kinetic "
      "coefficient (Fric is μ only at p = 0 and V = 0), and none is a speed.");
  add(RadiossLaw<2, kDarmstadFields>::definition(
          "radioss-darmstad", "Radioss modified Darmstad (Ifric 2)",
          "μ = Fric + C1·e^(C2·V)·p² + C3·e^(C4·V)·p + C5·e^(C6·V), floored at 1e-30."),
      {},
      "Not mapped: μ is Fric plus three exponential terms in p and V (C1…C6), so no parameter by itself is a "
      "static or kinetic coefficient, and the rates C2, C4, C6 belong to separate terms.");
  add(RadiossLaw<3, kRenardFields>::definition(
          "radioss-renard", "Radioss Renard (Ifric 3)",
          "Three branches in V: a parabola from C1 (rest) to C3 at C5, a smooth step to C4 at C6, then a "
          "rational approach to C2. V is floored at 1e-15 m/s, so μ(0) is C1 plus about 1e-16."),
      {{"C1", ParamRole::StaticCoefficient}, {"C2", ParamRole::KineticCoefficient}},
      "No stiction speed: μ rises from C1 to C3 at the critical velocity C5 and falls to C4 at C6 before it "
      "tends to C2; C3, C4, C5 and C6 have no common equivalent and keep their values.");
  add(RadiossLaw<4, kExponentialFields>::definition(
          "radioss-exponential", "Radioss exponential decay (Ifric 4)",
          "μ = C1 + (Fric − C1)·e^(−C2·V), floored at 1e-30 (newer law, in the 2026 input format)."),
      // μ = C1 + (Fric − C1) e^(−C2·V): the transition's speed scale is 1/C2.
      {{"Fric", ParamRole::StaticCoefficient},
       {"C1", ParamRole::KineticCoefficient},
       {"C2", ParamRole::InverseStictionSpeed}},
      "");
}

FRICTION_RUN_ONCE void describeRadiossLaws(DocsById& docs) {
  const std::string_view defaultFric =
      "Radioss's own default Fric is 0 (no friction); 0.1 here so that the curve shows.";
  docs.emplace_back(
      "radioss-coulomb",
      EntryDocs{radiossEquations({R"t(\mu = \mathrm{Fric})t",
                                  "Ifric 0: a constant coefficient, the only law without the 1e-30 floor."}),
                radiossQuirks({defaultFric})});
  docs.emplace_back(
      "radioss-generalized-viscous",
      EntryDocs{
          radiossEquations({R"t(\mu = \max\left(10^{-30},\ \mathrm{Fric} + (C_1 + C_4 p)\,p + (C_2 + C_3)t"
                            R"t( p)\,V + C_5 \lVert \mathbf{V}_t \rVert^2\right))t",
                            "Ifric 1, in the source's evaluation order; the C5 term takes the raw "
                            "‖Vt‖², not the floored V²."}),
          radiossQuirks({"The C5 term uses the raw ‖Vt‖², not the floored V²."})});
  docs.emplace_back(
      "radioss-darmstad",
      EntryDocs{radiossEquations(
                    {R"t(\mu = \max\left(10^{-30},\ \mathrm{Fric} + C_1 e^{C_2 V} p^2 + C_3 e^{C_4 V})t"
                     R"t( p + C_5 e^{C_6 V}\right))t",
                     "Ifric 2, the modified Darmstad law."}),
                radiossQuirks(
                    {"Third-party keyword manuals print other Darmstad formulas; this is the source's."})});
  docs.emplace_back(
      "radioss-renard",
      EntryDocs{
          radiossEquations(
              {R"t(\mu = \max\left(10^{-30}, \begin{cases} C_1 + (C_3 - C_1)\,x\,(2 - x), \ \ x)t"
               R"t( = \dfrac{V}{C_5} & V \le C_5 \\ C_3 + (C_4 - C_3)\,(3 - 2x)\,x^2, \ \ x =)t"
               R"t( \dfrac{V - C_5}{C_6 - C_5} & C_5 < V < C_6 \\ C_2 - \dfrac{C_2 - C_4}{1 +)t"
               R"t( (C_2 - C_4)(V - C_6)^2} & V \ge C_6 \end{cases}\right))t",
               "Ifric 3, Renard's three branches: a parabola, a smooth step, and a rational approach to C2 "
               "(Fric unused)."}),
          radiossQuirks({"Because V is floored at 1e-15 m/s, μ(0) = C1 + 2e-15·(C3 − C1)/C5 "
                         "(0.1500000000000002 with the defaults), not C1.",
                         "If C2 < C4 the last branch has a pole at V = C6 + 1/√(C4 − C2); "
                         "beyond it μ is negative and the 1e-30 floor applies.",
                         "Fric is not used by this law."})});
  docs.emplace_back(
      "radioss-exponential",
      EntryDocs{
          radiossEquations({R"t(\mu = \max\left(10^{-30},\ C_1 + (\mathrm{Fric} - C_1)\,e^{-C_2 V}\right))t",
                            "Ifric 4: from Fric at rest towards C1 at high speed."}),
          radiossQuirks({"A newer law: in the 2026 input format, not in the seed's documentation."})});
}

}  // namespace friction
