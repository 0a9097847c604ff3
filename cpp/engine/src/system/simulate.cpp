// The vocabulary of a run's result: the column catalog and the names of regimes, static limits and
// events (friction/simulate.h).

#include "friction/simulate.h"

namespace friction {

const std::vector<ColumnSpec>& columnCatalog() {
  static const std::vector<ColumnSpec> columns = {
      {&Trace::t, "t", "t", "Time", "s"},
      {&Trace::x, "x", "x", "Block position", "m"},
      {&Trace::v, "v", "v", "Block velocity", "m/s"},
      {&Trace::theta, "theta", "θ", "Contact state", ""},
      {&Trace::friction, "friction", "F", "Friction force", "N"},
      {&Trace::fk, "fk", "Fk", "Kinetic friction Fk(v)", "N"},
      {&Trace::spring, "spring", "Fd", "Drive force (spring + dashpot)", "N"},
      {&Trace::vOverV0, "vOverV0", "v/v0", "Velocity / drive velocity", ""},
      {&Trace::fkOverFk0, "fkOverFk0", "Fk/Fk0", "Kinetic friction / its base value", ""},
      {&Trace::staticLimit, "staticLimit", "Fmax", "Static limit", "N"},
      {&Trace::drivePosition, "drivePosition", "Xd", "Drive position (far end of the spring)", "m"},
  };
  return columns;
}

std::string_view regimeName(Regime regime) {
  switch (regime) {
    case Regime::Steady:
      return "steady";
    case Regime::Oscillation:
      return "oscillation";
    case Regime::StickSlip:
      return "stick-slip";
    case Regime::Decaying:
      return "decaying";
    case Regime::Growing:
      return "growing";
    case Regime::Settling:
      return "settling";
    case Regime::NotSettled:
      return "not-settled";
    case Regime::AtRest:
      return "at-rest";
    case Regime::Stuck:
      break;
  }
  return "stuck";
}

std::string_view eventName(EventKind kind) {
  switch (kind) {
    case EventKind::BreakAway:
      return "break-away";
    case EventKind::Stick:
      return "stick";
    case EventKind::Reversal:
      break;
  }
  return "reversal";
}

std::string_view staticLimitKindName(StaticLimitKind kind) {
  switch (kind) {
    case StaticLimitKind::Stick:
      return "stick";
    case StaticLimitKind::Peak:
      return "peak";
    case StaticLimitKind::None:
      break;
  }
  return "none";
}

}  // namespace friction
