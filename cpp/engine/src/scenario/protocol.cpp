// The drive protocols of friction labs (friction/scenario.h): read, checked by path, and turned into
// the drive's velocity steps and the normal force's steps that the quasi-static slider runs.

#include <cmath>
#include <string>

#include "friction/errors.h"
#include "friction/scenario.h"
#include "scenario/reading.h"
#include "system/system_params.h"

namespace friction {
namespace {

constexpr std::size_t kMaxTablePoints = 1'000'000;

std::string at(const std::string& path, std::size_t k) { return path + "[" + std::to_string(k) + "]"; }

// A list of numbers, each refused at its own path.
std::vector<double> readNumbers(const Value& value, const std::string& path, std::string_view what) {
  if (value.kind() != Value::Kind::List || value.items().empty() || value.items().size() > kMaxTablePoints)
    throw InputError(path, path + " must be a list of 1 to " + std::to_string(kMaxTablePoints) +
                               " numbers (" + std::string(what) + "); got " + describeValue(value) + ".");
  std::vector<double> numbers;
  for (std::size_t k = 0; k < value.items().size(); ++k)
    numbers.push_back(reading::readNumber(value.items()[k], at(path, k)));
  return numbers;
}

void readTable(const Value& value, const std::string& path, DriveProtocol& protocol) {
  const reading::Fields fields(value, path, path, "the displacement table", {"t", "x"});
  protocol.tableT = readNumbers(fields.required("t", "the times [s]"), fields.pathOf("t"), "times, s");
  protocol.tableX = readNumbers(fields.required("x", "the load point's displacements [m]"),
                                fields.pathOf("x"), "displacements, m");
}

void checkHolds(const DriveProtocol& p, double duration) {
  if (p.holds.empty()) return;
  if (!(std::isfinite(p.slide) && p.slide > 0))
    throw InputError("protocol.slide",
                     "protocol.slide, the slide at v0 before each hold, must be a positive number of "
                     "seconds; got " +
                         formatNumber(p.slide) + " s.");
  double end = 0;
  for (std::size_t k = 0; k < p.holds.size(); ++k) {
    const double hold = p.holds[k];
    if (!(std::isfinite(hold) && hold > 0))
      throw InputError(at("protocol.holds", k), "Hold " + std::to_string(k) +
                                                    " must be a positive number of seconds; got " +
                                                    formatNumber(hold) + " s.");
    end += p.slide + hold;
    if (!(end < duration))
      throw InputError(at("protocol.holds", k),
                       "Hold " + std::to_string(k) + " (" + formatNumber(hold) +
                           " s) ends at t = " + formatNumber(end) +
                           " s, not before the run's end (system.duration = " + formatNumber(duration) +
                           " s): lengthen the run or shorten the holds.");
  }
}

void checkTable(const DriveProtocol& p) {
  if (p.tableT.empty()) return;
  if (p.tableX.size() != p.tableT.size() || p.tableT.size() < 2)
    throw InputError("protocol.table.x",
                     "The table needs as many displacements x as times t, at least 2; got " +
                         std::to_string(p.tableT.size()) + " times and " + std::to_string(p.tableX.size()) +
                         " displacements.");
  const ParamSpec& speed = kSystemDriveVelocitySpec;
  for (std::size_t k = 0; k < p.tableT.size(); ++k) {
    const double t = p.tableT[k];
    if (k == 0 && t != 0)
      throw InputError("protocol.table.t[0]", "The table starts at t = 0 s; got " + formatNumber(t) + " s.");
    if (k > 0 && !(std::isfinite(t) && t > p.tableT[k - 1]))
      throw InputError(at("protocol.table.t", k), "The table's times must increase: t[" + std::to_string(k) +
                                                      "] = " + formatNumber(t) + " s follows " +
                                                      formatNumber(p.tableT[k - 1]) + " s.");
    if (!std::isfinite(p.tableX[k]))
      throw InputError(at("protocol.table.x", k), "protocol.table.x[" + std::to_string(k) +
                                                      "] must be a finite number (m); got " +
                                                      formatNumber(p.tableX[k]) + " m.");
    if (k == 0) continue;
    const double slope = (p.tableX[k] - p.tableX[k - 1]) / (t - p.tableT[k - 1]);
    if (!(std::fabs(slope) <= speed.max) || (slope != 0 && std::fabs(slope) < kMinDriveSpeed))
      throw InputError(at("protocol.table.x", k),
                       "The load point's speed from t = " + formatNumber(p.tableT[k - 1]) + " s to " +
                           formatNumber(t) + " s must be 0 or of magnitude between " +
                           formatNumber(kMinDriveSpeed) + " m/s and " + formatNumber(speed.max) +
                           " m/s; got " + formatNumber(slope) + " m/s.");
  }
}

}  // namespace

namespace reading {

DriveProtocol readProtocol(const Value& value, const std::string& path) {
  DriveProtocol protocol;
  if (value.isNull()) return protocol;
  const Fields fields(value, path, path, "the protocol", {"holds", "slide", "table", "normalForce"});
  if (const Value* holds = fields.find("holds"))
    protocol.holds = readNumbers(*holds, fields.pathOf("holds"), "hold durations, s");
  fields.number("slide", protocol.slide);
  if (const Value* table = fields.find("table")) readTable(*table, fields.pathOf("table"), protocol);
  if (const Value* normal = fields.find("normalForce"))
    protocol.normalForce = readBreakpoints(*normal, fields.pathOf("normalForce"), "Fn", "N");
  return protocol;
}

}  // namespace reading

void checkProtocol(const DriveProtocol& protocol, double duration, double m, bool hasDriveSteps) {
  if (protocol.empty()) return;
  if (m != 0)
    throw InputError(
        "system.m",
        "The protocol (holds, a displacement table, normal-force steps) runs on the quasi-static "
        "slider: set system.m to 0 kg; got " +
            formatNumber(m) + " kg.");
  const int drives = !protocol.holds.empty() + !protocol.tableT.empty() + hasDriveSteps;
  if (drives > 1)
    throw InputError(
        !protocol.tableT.empty() ? "protocol.table" : "protocol.holds",
        "Give one drive: holds, a displacement table or velocity steps (system.v0 as a list), not several.");
  checkHolds(protocol, duration);
  checkTable(protocol);
  reading::withFieldPrefix("protocol.normalForce", [&] {
    try {
      checkNormalSteps(protocol.normalForce, duration);
    } catch (const InputError& error) {
      throw InputError(error.field().substr(error.field().find('[')), error.what());
    }
  });
}

std::vector<Breakpoint> protocolDriveSteps(const DriveProtocol& protocol, double v0) {
  std::vector<Breakpoint> steps;
  if (!protocol.holds.empty()) {
    double t = 0;
    steps.push_back({0, v0});
    for (double hold : protocol.holds) {
      steps.push_back({t + protocol.slide, 0});
      t += protocol.slide + hold;
      steps.push_back({t, v0});
    }
  }
  const std::vector<double>& T = protocol.tableT;
  for (std::size_t k = 0; k + 1 < T.size(); ++k)
    steps.push_back({T[k], (protocol.tableX[k + 1] - protocol.tableX[k]) / (T[k + 1] - T[k])});
  if (!T.empty()) steps.push_back({T.back(), 0});
  return steps;
}

}  // namespace friction
