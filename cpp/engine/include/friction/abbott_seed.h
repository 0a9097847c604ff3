#pragma once
// Model "abbott-seed": the algorithm of Steven Abbott's "Friction" app (after Popov, Contact
// Mechanics and Friction, Ch. 12), reproduced operation for operation so that its plotted points
// come out identical. It is kept with its quirks on purpose (docs/reference/models.md, "The seed's
// quirks that `abbott-seed` keeps"):
//   - one explicit step of dt = 1 ms; the θ update has no dt factor, so τ and D are "per step"
//     (equal to the continuous model with τ·1 ms and D·1 mm);
//   - Load N is both the mass [kg] and the normal force [N] (no g);
//   - v is clamped to ≥ 0 only after x has been advanced with the unclamped v, so a "stuck" block
//     creeps backwards by |v|·dt each step;
//   - time is accumulated as t += 0.001 and a sample is taken whenever t ≥ the next plot time,
//     which advances by max(dt, tmax/200).

#include <functional>

#include "friction/catalog.h"
#include "friction/simulate.h"

namespace friction {

/// The seed's eleven inputs, with the seed's names. Units are the seed's (see the catalog).
struct AbbottSeedParams {
  double mus;   ///< static friction coefficient μs [-]
  double muk;   ///< kinetic friction coefficient μk [-]
  double N;     ///< Load: mass [kg] and normal force [N] at once
  double tmax;  ///< simulated time [s]
  double c;     ///< spring constant [kg/s² = N/m]
  double eta;   ///< dashpot η [kg/s = N·s/m]
  double v0;    ///< drive velocity [m/s]
  double va;    ///< linear velocity coefficient of Fk [s/m]
  double vb;    ///< quadratic coefficient of Fk about v0 [s²/m²]
  double tau;   ///< θ relaxation time, counted in 1 ms steps (the seed labels it s)
  double D;     ///< θ relaxation length, acting in mm (the seed labels it m)
};

/// The catalog entry of the seed model.
const ModelSpec& abbottSeedModel();
/// How it is computed: its equations, the seed's quirks it keeps and the seed's update loop.
EntryDocs abbottSeedDocs();

/// Binds a resolved parameter set of abbottSeedModel() to the struct.
AbbottSeedParams abbottSeedParams(const ResolvedParams& resolved);

/// The seed's time step [s].
inline constexpr double kSeedTimeStep = 0.001;

/// Run controls that are not seed inputs.
struct AbbottSeedOptions {
  /// Interval between plotted samples [s]; 0 = the seed's own, max(dt, tmax/200). Tests use dt
  /// to see every step.
  double plotStep = 0;
  /// Told the fraction of tmax done, every few thousand steps (as the spring-block's runs tell theirs):
  /// a page's progress bar, or a caller's stop (it may throw).
  std::function<void(double)> progress;
};

/// Runs the seed algorithm. `params` must be valid (resolveParams checks ranges). Throws
/// SimulationError if a value becomes non-finite.
SimulationResult simulateAbbottSeed(const AbbottSeedParams& params, const AbbottSeedOptions& options = {});

}  // namespace friction
