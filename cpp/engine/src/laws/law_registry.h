#pragma once
// How a family of laws registers itself: a catalog entry plus the pure functions it supports.

#include <string>
#include <string_view>
#include <vector>

#include "friction/errors.h"
#include "friction/laws.h"

namespace friction {

struct LawDefinition {
  ModelSpec spec;  ///< id, name, description, citation, parameters
  std::string_view origin;
  std::vector<std::string_view> inputs;
  /// `inputs` as bits of kInputNames (filled in by the registry): the input checks run on every
  /// evaluation, so they test bits instead of comparing names.
  unsigned inputBits = 0;
  /// Cross-parameter rules the origin enforces (throws InputError); nullptr if none.
  void (*validate)(const ResolvedParams&) = nullptr;
  /// μ; nullptr if the law has none.
  double (*coefficient)(const ResolvedParams&, const LawInputs&) = nullptr;
  /// The stateless force on the body; nullptr if none.
  Vec3 (*force)(const ResolvedParams&, const LawInputs&) = nullptr;
  /// One step of the stateful form; nullptr if none.
  LawStep (*step)(const ResolvedParams&, const LawState&, const LawInputs&) = nullptr;
  /// If set, says (by throwing InputError) when these parameters make `force` stateful.
  void (*requireStatelessForce)(const ResolvedParams&) = nullptr;
  /// The tangential penalty stiffness [N/m] of these parameters, if any; nullptr means none.
  double (*stiffness)(const ResolvedParams&) = nullptr;
  /// A dynamic law: its state variables, its friction and state rate, its steady and initial states.
  std::vector<StateVariableSpec> state = {};
  LawDynamics (*dynamics)(const ResolvedParams&, double v, double N, const LawStateVector& state) = nullptr;
  LawStateVector (*steadyState)(const ResolvedParams&, double v, double N) = nullptr;
  LawStateVector (*initialState)(const ResolvedParams&) = nullptr;
  /// The slip speed [m/s] below which the law's friction is linear in v at rest (its creep scale), if
  /// it is far below any speed of interest; nullptr if none.
  double (*creepSpeed)(const ResolvedParams&) = nullptr;
  /// The force magnitude resisting slip at speed |v| with normal force N, for curves; nullptr
  /// means μ(v)·N.
  double (*curveForce)(const ResolvedParams&, const LawInputs&) = nullptr;
  /// forceMagnitude(v, N) for finite v and N, no pressure and θ at its steady state, straight from the
  /// parameters without LawInputs (SlidingForce: the fixed-step loops call it every step); nullptr: the
  /// generic path. Must give forceMagnitude's result bit for bit.
  double (*slidingForce)(const ResolvedParams&, double v, double N) = nullptr;
  /// A dynamic law with a true stick state (the θ model): the largest force [N] its contact holds at
  /// rest with normal force N in `state`; nullptr for a dynamic law whose state carries the stick
  /// itself (LuGre's presliding).
  double (*staticLimit)(const ResolvedParams&, double N, const LawStateVector& state) = nullptr;
  /// With staticLimit: the state after resting for dt [s] from `state` (v = 0 throughout).
  LawStateVector (*restState)(const ResolvedParams&, const LawStateVector& state, double dt) = nullptr;
  /// A dynamic law whose force rises with v at a fixed state: ∂F/∂v [N·s/m] there, > 0, so that the
  /// quasi-static slider can solve its force balance for v; nullptr if the law has none.
  double (*forceSlope)(const ResolvedParams&, double v, double N, const LawStateVector& state) = nullptr;
  /// Such a law's inverse at a fixed state, in closed form: the slip velocity [m/s] at which its friction is
  /// `force` [N] with normal force N (N > 0); nullptr if the law has none (the slider then iterates).
  double (*velocityForForce)(const ResolvedParams&, double force, double N,
                             const LawStateVector& state) = nullptr;
  /// A state evolution that reads the friction's rate (Nagata et al. 2012): dθᵢ/dt gains gᵢ·dμ/dt, with
  /// g returned here; nullptr (or zeros) if it has none.
  LawStateVector (*frictionRateCoupling)(const ResolvedParams&, const LawStateVector& state) = nullptr;
  /// The state just after a step of the normal force from `before` to `after` [N] (Linker & Dieterich
  /// 1992); nullptr: the state does not jump.
  LawStateVector (*normalForceStep)(const ResolvedParams&, double before, double after,
                                    const LawStateVector& state) = nullptr;
};

// Code that runs once per process (building the catalog), in files whose other functions are hot: it is
// compiled for size, as the files that run once per call are (cpp/CMakeLists.txt), to keep the page's
// download small. GCC has no minsize; there it is only cold.
#if defined(__clang__)
#define FRICTION_RUN_ONCE __attribute__((minsize, cold))
#else
#define FRICTION_RUN_ONCE __attribute__((cold))
#endif

// Each family appends its laws, in menu order (laws_<family>.cpp).
FRICTION_RUN_ONCE void addTextbookLaws(std::vector<LawDefinition>& laws);
FRICTION_RUN_ONCE void addRatelLaws(std::vector<LawDefinition>& laws);
FRICTION_RUN_ONCE void addDrakeLaws(std::vector<LawDefinition>& laws);
FRICTION_RUN_ONCE void addRadiossLaws(std::vector<LawDefinition>& laws);
FRICTION_RUN_ONCE void addOpenSeesLaws(std::vector<LawDefinition>& laws);
FRICTION_RUN_ONCE void addDynamicLaws(std::vector<LawDefinition>& laws);
FRICTION_RUN_ONCE void addRsfLaws(std::vector<LawDefinition>& laws);

// Each family's docs (its laws' equations and quirks), in the same order; catalogDocs() collects them, so
// that a program that never asks for them (the page's start-up module) links none of their text.
FRICTION_RUN_ONCE void describeTextbookLaws(DocsById& docs);
FRICTION_RUN_ONCE void describeRatelLaws(DocsById& docs);
FRICTION_RUN_ONCE void describeDrakeLaws(DocsById& docs);
FRICTION_RUN_ONCE void describeRadiossLaws(DocsById& docs);
FRICTION_RUN_ONCE void describeOpenSeesLaws(DocsById& docs);
FRICTION_RUN_ONCE void describeDynamicLaws(DocsById& docs);
FRICTION_RUN_ONCE void describeRsfLaws(DocsById& docs);

/// The cross-parameter check of law `id` (LawDefinition::validate; nullptr if it has none), for a caller
/// that changes a resolved parameter set in place and must refuse what LawEvaluator would (the fits'
/// closed-form curves, fit/steady_curves.cpp). Throws InputError for an unknown id.
void (*lawValidator(std::string_view id))(const ResolvedParams&);

/// Throws InputError(key, message()) unless `condition` holds: the origin's own parameter checks. The
/// message is written only where the check fails (a law is checked at every run it makes: building its
/// numbers into text every time cost a 2-row run a tenth of its time in wasm).
template <class Message>
void require(bool condition, std::string_view key, const Message& message) {
  if (!condition) throw InputError(std::string(key), message());
}

}  // namespace friction
