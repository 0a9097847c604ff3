#pragma once
// Physical and mathematical constants used across the engine.

namespace friction {

/// π, as a double (the same value as JavaScript's Math.PI, which the seed app uses).
inline constexpr double kPi = 3.141592653589793;

/// Standard gravity [m/s²], for default normal forces m·g.
inline constexpr double kStandardGravity = 9.80665;

}  // namespace friction
