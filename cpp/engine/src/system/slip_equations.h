#pragma once
// The driven spring-block's equations of slip, integrated by its event-driven loop
// (slip_stick_loop.cpp): the integrated state, the drive (with velocity steps), the block's forces
// and rates. Also the slip's stiffness, which picks the integrator (spring_block.cpp) and bounds a
// fixed step (warnIfUnstable, which the fixed-step loop calls too; that loop's semi-implicit Euler
// keeps equations of its own in fixed_step_loop.cpp). The system is friction/spring_block.h's; its
// closed forms are in docs/validation.md ("Closed forms: the spring-block").

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "friction/laws.h"
#include "friction/spring_block.h"
#include "numerics/rk4.h"
#include "system/drive.h"
#include "system/spring_block_system.h"

namespace friction {

// Integrated state: position, velocity, a dynamic law's state variables (zero for the others), and
// the three energy integrals of the balance. The first kDynamic components feed back into the rates.
enum : std::size_t { kX = 0, kV = 1, kS0 = 2, kS1 = 3, kWork = 4, kFrictionLoss = 5, kDashpotLoss = 6 };
constexpr std::size_t kDynamic = 4;
constexpr std::size_t kStateSize = 7;
using State = Vec<kStateSize>;

struct Block {
  const SpringBlockSystem& sys;
  const LawEvaluator& law;
  const DriveCursor* drive = nullptr;  // the loop's; nullptr means the constant v0
  // A law without a true stick state (F(0) = F(0+) = 0: regularized) resists the slip it meets, so
  // its friction is the odd extension sgn(v)·F(|v|), smooth through v = 0 wherever F is. A law with a
  // true stick state keeps the slip's direction `dir` up to the located stop: its force jumps at 0.
  bool signFollowsVelocity = false;

  double driveVelocity() const { return drive ? drive->velocity() : sys.v0; }
  double drivePosition(double t) const { return drive ? drive->position(t) : sys.v0 * t; }

  // Fd = c (X_d(t) − x) + η (v_d − v)
  double driveForce(double t, double x, double v) const {
    return sys.c * (drivePosition(t) - x) + sys.eta * (driveVelocity() - v);
  }

  // The friction of a slip phase in direction `dir` at velocity v: the law's force, taken at v = 0
  // as its limit from the moving side (Coulomb's μk·N there, not its static μs·N). 1e-150 m/s stands
  // for "just moving": small enough to be the limit, large enough that v² does not underflow in the
  // vector-form laws' norms.
  double slipFriction(double dir, double v) const {
    return law.forceMagnitude(v != 0 ? v : dir * 1e-150, sys.Fn);
  }

  // The friction resisting the slip, signed like the slip, and the rates of a dynamic law's state. A
  // dynamic law with a true stick state (the θ model) resists the slip phase's direction `dir` with
  // F(|v|, state) up to the located stop, as a stateless law with a stick state does.
  LawDynamics friction(double dir, const State& y) const {
    if (law.holdsAtRest())
      return law.dynamics(dir * std::fmax(std::fabs(y[kV]), 1e-150), sys.Fn, {y[kS0], y[kS1]});
    if (law.dynamic()) return law.dynamics(y[kV], sys.Fn, {y[kS0], y[kS1]});
    const double sense = signFollowsVelocity && y[kV] != 0 ? (y[kV] > 0 ? 1.0 : -1.0) : dir;
    return {sense * slipFriction(sense, y[kV]), {0, 0}};
  }

  // x' = v, m v' = Fd − F, s' = the law's state rates, W' = Fd v_d, E_f' = F·v, E_d' = η (v_d − v)²
  State rate(double dir, double t, const State& y) const {
    const double v = y[kV], vd = driveVelocity(), Fd = driveForce(t, y[kX], v);
    const LawDynamics f = friction(dir, y);
    return {v,           (Fd - f.force) / sys.m,       f.rate[0], f.rate[1], Fd * vd,
            f.force * v, sys.eta * (vd - v) * (vd - v)};
  }
};

/// The speeds the law's curve is sampled at (steepestSlope, the break-away peak): vReference ·
/// 10^(−12 + k/10) for k = 0…140, as products of table values rather than std::pow: the same numbers on
/// every platform (the libms differ in pow's last bit), and no pow call per point (141 of them were a
/// tenth of a short run's time in wasm).
inline double gridSpeed(double vReference, int k) {
  static constexpr double kDecades[15] = {1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5,
                                          1e-4,  1e-3,  1e-2,  1e-1, 1e0,  1e1,  1e2};
  // 10^(j/10), j = 0…9, to 17 digits.
  static constexpr double kTenths[10] = {1.0,
                                         1.2589254117941673,
                                         1.5848931924611136,
                                         1.9952623149688795,
                                         2.5118864315095801,
                                         3.1622776601683795,
                                         3.9810717055349722,
                                         5.0118723362727229,
                                         6.3095734448019325,
                                         7.9432823472428150};
  return vReference * kDecades[k / 10] * kTenths[k % 10];
}

/// The steepest rise of the law's friction with speed, max dF/dv [N·s/m], and the speed where it occurs.
struct Slope {
  double value = 0, speed = 0;
};
Slope steepestSlope(const LawEvaluator& law, double Fn, double vReference);

/// The fastest rate [1/s] of the slip equations, and what sets it, in words.
struct Stiffness {
  double rate = 0;
  std::string cause;
};
Stiffness slipStiffness(const LawEvaluator& law, const SpringBlockSystem& sys);
/// The rate alone, without the words (a run's plan asks it at every call).
double slipStiffnessRate(const LawEvaluator& law, const SpringBlockSystem& sys);

/// The magnitudes below which finite-difference Jacobians perturb x, v and a dynamic law's state.
Vec<kDynamic> jacobianScale(const LawEvaluator& law, const SpringBlockSystem& sys);

/// Adds a warning to `summary` when a fixed step h of an explicit scheme lies beyond its stability
/// interval on the slip's fastest rate.
void warnIfUnstable(Summary& summary, const LawEvaluator& law, const SpringBlockSystem& sys,
                    Integrator integrator, double step);

/// Estimates in messages: four significant digits.
std::string approx(double value);

}  // namespace friction
