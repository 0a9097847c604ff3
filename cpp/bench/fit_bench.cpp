// The fits' benchmark, native side (build-scripts/bench-fit.sh runs it beside the same requests in wasm
// and scipy's least_squares). Not a test: it prints times, nothing passes or fails on them.
//
//   friction_fit_bench ROUNDS REQUEST.json…
//
// Each request is a fit file as `friction fit` reads it, its data given inline (data.text). Each round
// runs every request once, in turn (rounds interleave, so that a load that comes and goes touches all
// alike); each run is what the JS API's fit() does: the request read (its CSV text included), the fit,
// the result built. It prints one JSON object: per request its median and least time [s], its
// evaluations, sum of squares, values and, for a curve, the starts the fit tried (the scipy side starts
// from the same points).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "friction/fit.h"
#include "json.h"
#include "scenario_json.h"

namespace {

struct Timed {
  std::string file;
  friction::Value request;
  std::vector<double> seconds;
  friction::FitResult last;
};

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// One run: read, fit, and the result as a Value (as the bindings build it, without its columns).
double runOnce(Timed& timed) {
  const auto start = std::chrono::steady_clock::now();
  timed.last = friction::fitLaw(friction::readFitRequest(timed.request));
  const friction::Value result = friction::fitResultValue(timed.last, false);
  const auto end = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(end - start).count();
}

std::string numbers(const std::vector<double>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i > 0 ? "," : "") + cli::jsonNumber(values[i]);
  return out + "]";
}

/// One request's line of the printed JSON.
std::string report(Timed& timed) {
  std::vector<double> sorted = timed.seconds;
  std::sort(sorted.begin(), sorted.end());
  const friction::LeastSquaresResult& fit = timed.last.fit;
  std::string starts = "[";
  for (std::size_t i = 0; i < fit.starts.size(); ++i) starts += (i > 0 ? "," : "") + numbers(fit.starts[i]);
  starts += "]";
  return "{\"file\":" + cli::jsonString(timed.file) +
         ",\"median\":" + cli::jsonNumber(sorted[sorted.size() / 2]) +
         ",\"least\":" + cli::jsonNumber(sorted.front()) +
         ",\"evaluations\":" + std::to_string(fit.evaluations) +
         ",\"sumOfSquares\":" + cli::jsonNumber(fit.sumOfSquares) +
         ",\"converged\":" + (fit.converged ? "true" : "false") + ",\"values\":" + numbers(fit.values) +
         ",\"starts\":" + starts + "}";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: friction_fit_bench ROUNDS REQUEST.json...\n");
    return 2;
  }
  try {
    const int rounds = std::max(1, std::atoi(argv[1]));
    std::vector<Timed> timed;
    for (int i = 2; i < argc; ++i) {
      const std::string text = readText(argv[i]);  // the reader refers to it
      cli::JsonReader reader(text);
      timed.push_back({argv[i], cli::toValue(reader.parse()), {}, {}});
    }
    for (int round = 0; round < rounds; ++round)
      for (Timed& each : timed) each.seconds.push_back(runOnce(each));
    std::printf("[\n");
    for (std::size_t i = 0; i < timed.size(); ++i)
      std::printf("%s%s\n", report(timed[i]).c_str(), i + 1 < timed.size() ? "," : "");
    std::printf("]\n");
  } catch (const std::exception& error) {
    std::fprintf(stderr, "friction_fit_bench: %s\n", error.what());
    return 1;
  }
  return 0;
}
