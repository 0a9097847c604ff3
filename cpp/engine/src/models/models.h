#pragma once
// The seed models (abbott-seed, state-variable), run by their catalog entries.

#include "friction/catalog.h"
#include "friction/simulate.h"

namespace friction {

/// Runs the model that `resolved` resolves (modelCatalog's). Throws SimulationError (RunStopped) for a
/// run that cannot complete.
SimulationResult runModel(const ResolvedParams& resolved);

}  // namespace friction
