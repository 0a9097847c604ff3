#pragma once
// The driven spring-block's parameters, declared once and shared by every model of that system
// (the state-variable model and the spring-block driven by a catalog law).

#include "friction/catalog.h"
#include "friction/constants.h"

namespace friction {

constexpr double kDefaultMass = 1.0;  // [kg]; the normal force's default follows it

inline const ParamSpec kMassSpec = {"m", "m", "Mass", "kg", kDefaultMass, 0.01, 100.0, 0.01, Scale::Log, "Mass of the block."};
inline const ParamSpec kNormalForceSpec = {"Fn", "Fn", "Normal force", "N", kStandardGravity * kDefaultMass, 0.001, 10000.0, 0.01, Scale::Log,
      "Normal force pressing the block on the surface. Defaults to m·g; the seed app's Load is "
      "mass and force at once, which is m = Fn = Load here. For no friction, set μs = μk = 0.",
      {"m", kStandardGravity, "m·g"}};
inline const ParamSpec kSpringSpec = {"c", "c", "Spring constant", "N/m", 100.0, 0.01, 10000.0, 1.0, Scale::Log,
      "Stiffness of the coupling between the drive and the block. Resonance = √(c/m)."};
inline const ParamSpec kDashpotSpec = {"eta", "η", "Dashpot", "N·s/m", 0.0, 0.0, 100.0, 0.1, Scale::Linear,
      "Damping of the coupling, in parallel with the spring."};
inline const ParamSpec kDriveVelocitySpec = {"v0", "v0", "Drive velocity", "m/s", 0.1, 1e-4, 10.0, 0.001, Scale::Log,
      "Velocity of the far end of the spring."};
inline const ParamSpec kDurationSpec = {"duration", "t", "Duration", "s", 10.0, 0.01, 200.0, 0.1, Scale::Linear,
      "Simulated time from rest."};

}  // namespace friction
