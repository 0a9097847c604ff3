#pragma once
// Friction Lab engine: the public API in one include.

#include "friction/abbott_seed.h"
#include "friction/catalog.h"
#include "friction/constants.h"
#include "friction/errors.h"
#include "friction/export.h"
#include "friction/fit.h"
#include "friction/law_requests.h"
#include "friction/law_runs.h"
#include "friction/laws.h"
#include "friction/listings.h"
#include "friction/parameters.h"
#include "friction/presets.h"
#include "friction/scenario.h"
#include "friction/simulate.h"
#include "friction/spring_block.h"
#include "friction/state_variable.h"
#include "friction/sweep.h"
#include "friction/value.h"

namespace friction {

/// The engine's version, as reported to users and written into exports.
inline constexpr const char* kEngineVersion = "0.1.0";

}  // namespace friction
