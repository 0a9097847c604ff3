#pragma once
// The driven spring-block's parameters, declared once. The state-variable model takes the friendly
// ranges (k…Spec); the spring-block driven by a catalog law takes the same parameters at research
// scale (kSystem…Spec, issue 15): laboratory velocities, stiff load frames, long holds and the
// quasi-static slider (m = 0), with the friendly ranges kept as the page's slider ranges.

#include "friction/catalog.h"
#include "friction/constants.h"

namespace friction {

constexpr double kDefaultMass = 1.0;  // [kg]; the normal force's default follows it

inline constexpr ParamSpec kMassSpec = {"m",  "m",   "Mass", "kg",       kDefaultMass,
                                        0.01, 100.0, 0.01,   Scale::Log, "Mass of the block."};
inline constexpr ParamSpec kNormalForceSpec = {
    "Fn",
    "Fn",
    "Normal force",
    "N",
    kStandardGravity* kDefaultMass,
    0.001,
    10000.0,
    0.01,
    Scale::Log,
    "Normal force pressing the block on the surface. Defaults to m·g; the seed app's Load is "
    "mass and force at once, which is m = Fn = Load here. For no friction, set μs = μk = 0.",
    {"m", kStandardGravity, "m·g"}};
inline constexpr ParamSpec kSpringSpec = {
    "c",
    "c",
    "Spring constant",
    "N/m",
    100.0,
    0.01,
    10000.0,
    1.0,
    Scale::Log,
    "Stiffness of the coupling between the drive and the block. Resonance = √(c/m)."};
inline constexpr ParamSpec kDashpotSpec = {
    "eta", "η",   "Dashpot", "N·s/m",       0.0,
    0.0,   100.0, 0.1,       Scale::Linear, "Damping of the coupling, in parallel with the spring."};
inline constexpr ParamSpec kDriveVelocitySpec = {"v0",
                                                 "v0",
                                                 "Drive velocity",
                                                 "m/s",
                                                 0.1,
                                                 1e-4,
                                                 10.0,
                                                 0.001,
                                                 Scale::Log,
                                                 "Velocity of the far end of the spring."};
// The block's displacement at the start, from the spring's unstretched length (issue 28: free vibration).
// Released from rest with the drive at rest, a block under Coulomb friction F turns at
// x_n = (−1)ⁿ(x0 − 2nF/c), each half cycle π/ω, and rests at the first |c·x_n| ≤ Fs (J. P. Den Hartog,
// Mechanical Vibrations, 4th ed., McGraw-Hill 1956, on Coulomb damping; the derivation is in
// tests/native/free_vibration_test.cpp).
inline constexpr ParamSpec kDisplacementSpec = {
    "x0",
    "x0",
    "Initial displacement",
    "m",
    0.0,
    -1.0,
    1.0,
    0.001,
    Scale::Linear,
    "Where the block starts, from the spring's unstretched length (positive: the spring compressed, pushing "
    "it back). Released from rest, it vibrates freely: under Coulomb friction its swing shrinks by 2Fk/c "
    "each "
    "half cycle, in a straight line, until |c·x| ≤ Fs holds it (Den Hartog, Mechanical Vibrations, Coulomb "
    "damping). With v0 = 0 the drive stands still; needs inertia (m > 0) and a start from rest."};
inline constexpr ParamSpec kDurationSpec = {
    "duration", "t", "Duration", "s", 10.0, 0.01, 200.0, 0.1, Scale::Linear, "Simulated time from rest."};

// The spring-block's research-scale ranges (issue 15): v0 from 1e-12 to 100 m/s, c from 1e-3 to 1e12 N/m,
// Fn from 1e-6 to 1e9 N, durations up to 1e8 s, and a mass of 0 (the quasi-static slider) or 1e-9 to 1e6 kg
// (the gap between 0 and kMinInertialMass is refused by checkSystemMass, spring_block.h). The sliders keep
// the friendly ranges above.
constexpr double kMinInertialMass = 1e-9;  // [kg]
inline constexpr ParamSpec kSystemMassSpec = [] {
  ParamSpec spec = accepting(kMassSpec, 0.0, 1e6);
  spec.help =
      "Mass of the block: 0 for the quasi-static slider (no inertia: the drive force balances the "
      "friction at every instant, as rsfmodel and RSFit3000 model a laboratory slider), else 1e-9 to 1e6 kg.";
  return spec;
}();
inline constexpr ParamSpec kSystemNormalForceSpec = accepting(kNormalForceSpec, 1e-6, 1e9);
inline constexpr ParamSpec kSystemSpringSpec = accepting(kSpringSpec, 1e-3, 1e12);
inline constexpr ParamSpec kSystemDashpotSpec = accepting(kDashpotSpec, 0.0, 1e12);
// v0 = 0 (the drive at rest: a free vibration from x0) or 1e-12 to 100 m/s; the gap between 0 and
// kMinDriveSpeed is refused by checkRelease (spring_block.h), as a mass's gap is by checkSystemMass.
constexpr double kMinDriveSpeed = 1e-12;  // [m/s]
inline constexpr ParamSpec kSystemDriveVelocitySpec = [] {
  ParamSpec spec = accepting(kDriveVelocitySpec, 0.0, 100.0);
  spec.help =
      "Velocity of the far end of the spring: 1e-12 to 100 m/s, or 0 for the drive at rest (the block "
      "released from x0 vibrates freely; inertial block only).";
  return spec;
}();
inline constexpr ParamSpec kSystemDisplacementSpec = accepting(kDisplacementSpec, -1e6, 1e6);
inline constexpr ParamSpec kSystemDurationSpec = accepting(kDurationSpec, 1e-6, 1e8);

}  // namespace friction
