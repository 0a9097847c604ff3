// The start-up module's boundary: every call's request and reply cross by the wire (value_wire.h), the
// one conversion between JS values and the engine's: a request is read back into a friction::Value for
// the engine's one scenario reader (friction/scenario.h), and a reply is written by the engine's writers
// (the summary's, the scenario's, the catalogs' listings) straight into the wire. Nothing here decides
// what a request means: defaults, checks and error messages are the readers'. Only the bindings (this
// file, studies_embind.cpp, fit_embind.cpp, embind_common.h, value_js.h, value_wire.h) include
// Emscripten headers or know the wire. Exported to JS (engine.mjs encodes, calls and decodes):
//   version()                               -> the engine's version
//   wireHeaderAddress(), wireIn(bytes, numbers)
//                                           -> where the wire's streams are; room for a request
//   simulateWire(onProgress)                -> { columns: { <key>: Float64Array }, summary, scenario } of
//                                              a seed model or a law on the spring-block; a law run calls
//                                              onProgress(fraction) as it advances
//   listingWire(which)                      -> a catalog as plain data (friction/listings.h)
// The law alone, its curves and the stability maps are the on-demand module's (studies_embind.cpp).
// A refusal by the engine comes back as { error: message, parameter: field } instead, the field
// being the path of the value refused ("system.v0", "params.mu_s").

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "friction/friction.h"
#include "value_js.h"
#include "value_wire.h"

using emscripten::val;

namespace {

using bindings::typeOf;

// ---- the calls

// onProgress(fraction) is the caller's callback, not part of the scenario: called at most once per 1 % of
// the run, so that a long run costs few crossings into JS.
std::function<void(double)> progressOf(val onProgress) {
  // null (simulateWire's caller without one) is answered without asking JS for a type name.
  if (onProgress.isNull() || onProgress.isUndefined() || typeOf(onProgress) != "function") return {};
  return [onProgress, last = -1.0](double fraction) mutable {
    if (fraction - last < 0.01 && fraction < 1) return;
    last = fraction;
    onProgress(fraction);
  };
}

// ---- The wire (value_wire.h): engine.mjs writes a request into wireIn's buffers, calls simulateWire (or
// listingWire) and decodes the reply from the buffers the header describes before the next call.

bindings::WireInput& wireInput() {
  static bindings::WireInput wire;
  return wire;
}
bindings::WireOutput& wireOutput() {
  static bindings::WireOutput wire;
  return wire;
}

// Where a message's streams are, for engine.mjs to read off the module's memory (HEAPU32): the byte
// stream's address and length, the number stream's address and count, and the replies' key table's
// address and length. Plain numbers cross the boundary without an Embind value each.
std::uint32_t* wireHeader() {
  static std::uint32_t header[6] = {0, 0, 0, 0, 0, 0};
  return header;
}
std::uint32_t addressOf(const void* data) {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(data));
}
void describe(const std::uint8_t* bytes, std::size_t byteCount, const double* numbers,
              std::size_t numberCount) {
  std::uint32_t* header = wireHeader();
  header[0] = addressOf(bytes);
  header[1] = static_cast<std::uint32_t>(byteCount);
  header[2] = addressOf(numbers);
  header[3] = static_cast<std::uint32_t>(numberCount);
  const bindings::WireKeyTable& keys = wireOutput().keys();
  header[4] = addressOf(keys.bytes());
  header[5] = static_cast<std::uint32_t>(keys.byteCount());
}
// The header's address in the module's memory (engine.mjs asks once).
int wireHeaderAddress() { return static_cast<int>(reinterpret_cast<std::uintptr_t>(wireHeader())); }

// The input buffers, sized for a request of `bytes` bytes and `numbers` numbers, described in the
// header for engine.mjs to fill.
void wireIn(int bytes, int numbers) {
  bindings::WireInput& in = wireInput();
  in.bytes.resize(static_cast<std::size_t>(bytes));
  in.numbers.resize(static_cast<std::size_t>(numbers));
  describe(in.bytes.data(), in.bytes.size(), in.numbers.data(), in.numbers.size());
}

// A trace's columns as the wire's Float64Arrays: { <key>: column, ..., state: { <key>: column } } (the
// columns the run has; `state` for a law run, with its state variables' columns keyed by the catalog).
void wireColumns(bindings::WireOutput& out, const friction::Trace& trace, std::string_view lawId = {}) {
  out.beginObject();
  for (const friction::ColumnSpec& column : friction::columnCatalog()) {
    if ((trace.*column.column).size() != trace.size()) continue;
    out.key(column.key);
    out.column(trace.*column.column);
  }
  if (!lawId.empty()) {
    const auto& specs = friction::findLaw(lawId).state;
    const std::size_t count = std::min(trace.state.size(), specs.size());
    out.key("state");
    out.beginObject();
    for (std::size_t i = 0; i < count; ++i) {
      out.key(specs[i].key);
      out.column(trace.state[i]);
    }
    out.endObject();
  }
  out.endObject();
}

// A run's reply: { columns, summary, scenario }, written by the engine's writers straight into the wire
// (the summary and the scenario as the engine writes them: what the page saves).
void wireRun(bindings::WireOutput& out, const friction::RunSpec& spec,
             const friction::SimulationResult& result) {
  out.beginObject();
  out.key("columns");
  wireColumns(out, result.trace,
              spec.runsModel() ? std::string_view() : std::string_view(spec.scenario().law));
  out.key("summary");
  friction::writeSummary(out, spec, result.summary);
  out.key("scenario");
  friction::writeScenario(out, spec.scenario());
  out.endObject();
}

// A refusal or a stop: { error, parameter? } or { error, stoppedAt, partial } (partial: the columns so
// far), which engine.mjs's unwrap turns into a thrown Error.
void wireFailure(bindings::WireOutput& out, const std::string& message, const std::string& field) {
  out.clear();
  out.beginObject();
  out.key("error");
  out.text(message);
  if (!field.empty()) {
    out.key("parameter");
    out.text(field);
  }
  out.endObject();
}

void wireStopped(bindings::WireOutput& out, const friction::RunStopped& stop) {
  out.clear();
  out.beginObject();
  out.key("error");
  out.text(stop.what());
  out.key("stoppedAt");
  out.number(stop.time());
  out.key("partial");
  wireColumns(out, stop.partial());
  out.endObject();
}

// simulate() for a request on the wire (wireIn's buffers), with the caller's onProgress; the reply's
// buffers described in the header, valid until the next call into the module.
void simulateWire(val onProgress) {
  bindings::WireOutput& out = wireOutput();
  try {
    const bindings::WireInput& in = wireInput();
    const friction::RunSpec spec = friction::RunSpec::read(bindings::WireReader(in.bytes, in.numbers).read());
    const friction::SimulationResult result = friction::run(spec, progressOf(std::move(onProgress)));
    // Cleared only now: a simulate() called from inside onProgress has had the buffers meanwhile (its
    // request read, its reply written and read); this call's request was read before the run.
    out.clear();
    wireRun(out, spec, result);
  } catch (const friction::RunStopped& stop) {
    wireStopped(out, stop);
  } catch (const friction::InputError& error) {
    wireFailure(out, error.what(), error.field());
  } catch (const std::exception& error) {
    wireFailure(out, error.what(), "");
  } catch (...) {
    wireFailure(out, "Unknown engine error.", "");
  }
  describe(out.bytes(), out.byteCount(), out.numbers(), out.numberCount());
}

// A catalog (friction::Listing, by its index) as plain data, on the wire.
void listingWire(int which) {
  bindings::WireOutput& out = wireOutput();
  out.clear();
  if (which >= 0 && which < friction::kListingCount)
    friction::writeListing(out, static_cast<friction::Listing>(which));
  else
    wireFailure(out, "There is no listing " + std::to_string(which) + ".", "");
  describe(out.bytes(), out.byteCount(), out.numbers(), out.numberCount());
}

std::string version() { return friction::kEngineVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(friction_lab) {
  emscripten::function("version", &version);
  emscripten::function("wireHeaderAddress", &wireHeaderAddress);
  emscripten::function("wireIn", &wireIn);
  emscripten::function("simulateWire", &simulateWire);
  emscripten::function("listingWire", &listingWire);
}
