#pragma once
// The seed models (abbott-seed, state-variable), run by their catalog entries.

#include <functional>

#include "friction/catalog.h"
#include "friction/simulate.h"

namespace friction {

/// Runs the model that `resolved` resolves (modelCatalog's), telling `progress` (if set) the fraction of
/// its duration done. Throws SimulationError (RunStopped) for a run that cannot complete.
SimulationResult runModel(const ResolvedParams& resolved, const std::function<void(double)>& progress = {});

}  // namespace friction
