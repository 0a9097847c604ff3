// The catalog's docs (friction/catalog.h, catalogDocs): how each model, law and system is computed, kept
// apart from the catalog that runs them. Only what calls catalogDocs() links this text: the CLI, the
// tests and the on-demand studies module, not the page's start-up module (issue 29).

#include <stdexcept>
#include <string>

#include "friction/abbott_seed.h"
#include "friction/catalog.h"
#include "friction/law_runs.h"
#include "friction/spring_block.h"
#include "friction/state_variable.h"
#include "laws/law_registry.h"

namespace friction {
namespace {

const EntryDocs& docsOf(const DocsById& docs, std::string_view id, const char* what) {
  for (const auto& [entryId, entry] : docs)
    if (entryId == id) return entry;
  throw std::out_of_range(std::string("No docs for the ") + what + " '" + std::string(id) + "'.");
}

}  // namespace

const EntryDocs& CatalogDocs::model(std::string_view id) const { return docsOf(models, id, "model"); }
const EntryDocs& CatalogDocs::law(std::string_view id) const { return docsOf(laws, id, "law"); }

const CatalogDocs& catalogDocs() {
  static const CatalogDocs docs = [] {
    CatalogDocs all;
    all.models = {{abbottSeedModel().id, abbottSeedDocs()}, {stateVariableModel().id, stateVariableDocs()}};
    describeTextbookLaws(all.laws);
    describeRatelLaws(all.laws);
    describeDrakeLaws(all.laws);
    describeRadiossLaws(all.laws);
    describeOpenSeesLaws(all.laws);
    describeDynamicLaws(all.laws);
    describeRsfLaws(all.laws);
    all.system = springBlockSystemDocs();
    all.presliding = preslidingDocs();
    return all;
  }();
  return docs;
}

}  // namespace friction
