// "How it is computed": every model, law and system in the catalog has docs (catalogDocs) with its
// equations (TeX that KaTeX can typeset, each with a note) and the quirks of its origin, TeX symbols for
// its parameters that its equations use, and the seed model its update loop in the seed's order; the
// docs hold no entry the catalog lacks.

#include <catch2/catch.hpp>

#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

#include "friction/friction.h"

using namespace friction;

namespace {

// A catalog entry with its docs.
struct Documented {
  const ModelSpec* spec;
  const EntryDocs* docs;
};

// Every catalog entry with its docs: the models, the laws, the spring-block system, the presliding
// experiment.
std::vector<Documented> everyEntry() {
  const CatalogDocs& docs = catalogDocs();
  std::vector<Documented> entries;
  for (const ModelSpec& model : modelCatalog()) entries.push_back({&model, &docs.model(model.id)});
  for (const LawSpec& law : lawCatalog()) entries.push_back({&law.spec, &docs.law(law.spec.id)});
  entries.push_back({&springBlockSystemModel(), &docs.system});
  entries.push_back({&preslidingModel(), &docs.presliding});
  return entries;
}

bool isLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// Occurrences of TeX command `name` (e.g. "\\left"), not as the start of a longer command.
std::vector<std::size_t> commandsAt(std::string_view tex, std::string_view name) {
  std::vector<std::size_t> at;
  for (std::size_t k = tex.find(name); k != std::string_view::npos; k = tex.find(name, k + 1))
    if (k + name.size() >= tex.size() || !isLetter(tex[k + name.size()])) at.push_back(k);
  return at;
}

// Braces balance (never closing more than are open), and so do \left/\right and \begin/\end.
void checkBalanced(std::string_view tex) {
  INFO(tex);
  int depth = 0;
  for (std::size_t k = 0; k < tex.size(); ++k) {
    if (k > 0 && tex[k - 1] == '\\') continue;  // \{ and \} are literal braces
    depth += tex[k] == '{';
    depth -= tex[k] == '}';
    REQUIRE(depth >= 0);
  }
  CHECK(depth == 0);
  for (const auto& [open, close] : {std::pair{"\\left", "\\right"}, {"\\begin", "\\end"}}) {
    const std::vector<std::size_t> opens = commandsAt(tex, open), closes = commandsAt(tex, close);
    REQUIRE(opens.size() == closes.size());
    // Paired in order: the k-th close comes after the k-th open (nesting never closes an unopened one).
    for (std::size_t k = 0; k < opens.size(); ++k) CHECK(opens[k] < closes[k]);
  }
}

// `symbol` (TeX) occurs in `tex` as itself: not inside a longer command or word ("a" in "\max"),
// and without a subscript it lacks ("\mu" in "\mu_s").
bool appears(std::string_view tex, std::string_view symbol) {
  for (std::size_t k = tex.find(symbol); k != std::string_view::npos; k = tex.find(symbol, k + 1)) {
    const char before = k > 0 ? tex[k - 1] : ' ';
    const std::size_t end = k + symbol.size();
    const char after = end < tex.size() ? tex[end] : ' ';
    if (symbol.front() != '\\' && (isLetter(before) || before == '\\')) continue;
    if (isLetter(symbol.back()) && isLetter(after)) continue;
    if (symbol.find('_') == std::string_view::npos && after == '_') continue;
    return true;
  }
  return false;
}

}  // namespace

TEST_CASE("Every model, law and system has equations with notes, in balanced TeX", "[catalog][equations]") {
  for (const auto& [entry, docs] : everyEntry()) {
    INFO("entry " << entry->id);
    REQUIRE(!docs->equations.empty());
    for (const Equation& equation : docs->equations) {
      CHECK(!equation.tex.empty());
      CHECK(!equation.note.empty());
      checkBalanced(equation.tex);
    }
  }
}

TEST_CASE("Every parameter has a TeX symbol, and its entry's equations use it", "[catalog][equations]") {
  for (const auto& [entry, docs] : everyEntry()) {
    std::string all;
    for (const Equation& equation : docs->equations) all += std::string(equation.tex) + " ";
    for (const ParamSpec& spec : entry->params) {
      INFO("entry " << entry->id << ", parameter " << spec.key << " (" << spec.texSymbol << ")");
      REQUIRE(!spec.texSymbol.empty());
      checkBalanced(spec.texSymbol);
      // Stronger than required: not only the one-letter symbols (μs, c, η) but every parameter, switches
      // such as Iform and the renewal law included, appears in the equations.
      CHECK(appears(all, spec.texSymbol));
    }
  }
  // Dynamic laws' state variables are named as the equations name them.
  for (const LawSpec& law : lawCatalog()) {
    std::string all;
    for (const Equation& equation : catalogDocs().law(law.spec.id).equations)
      all += std::string(equation.tex) + " ";
    for (const StateVariableSpec& state : law.state) {
      INFO("law " << law.spec.id << ", state " << state.key);
      REQUIRE(!state.texSymbol.empty());
      CHECK(appears(all, state.texSymbol));
    }
  }
}

TEST_CASE("The symbol matcher finds symbols and only symbols", "[catalog][equations]") {
  CHECK(appears(R"(\mu_s N)", R"(\mu_s)"));
  CHECK_FALSE(appears(R"(\mu_s N)", R"(\mu)"));
  CHECK_FALSE(appears(R"(\max(0, x))", "a"));
  CHECK(appears(R"(1 + a\,|v|)", "a"));
  CHECK_FALSE(appears(R"(\theta)", R"(\the)"));
  CHECK(appears(R"(\frac{v}{D})", "D"));
  CHECK_FALSE(appears(R"(\Delta\mu)", "D"));
}

TEST_CASE("Every law and the seed model state the quirks of their origin", "[catalog][equations]") {
  for (const LawSpec& law : lawCatalog()) {
    INFO("law " << law.spec.id);
    const std::vector<std::string_view>& quirks = catalogDocs().law(law.spec.id).quirks;
    CHECK(!quirks.empty());
    for (std::string_view quirk : quirks) CHECK(quirk.size() > 20);
  }
  CHECK(catalogDocs().model("abbott-seed").quirks.size() >= 5);
}

TEST_CASE("The docs describe the catalog's entries, in its order, and no other", "[catalog][equations]") {
  const CatalogDocs& docs = catalogDocs();
  REQUIRE(docs.models.size() == modelCatalog().size());
  for (std::size_t i = 0; i < docs.models.size(); ++i) CHECK(docs.models[i].first == modelCatalog()[i].id);
  REQUIRE(docs.laws.size() == lawCatalog().size());
  for (std::size_t i = 0; i < docs.laws.size(); ++i) CHECK(docs.laws[i].first == lawCatalog()[i].spec.id);
  CHECK_THROWS_AS(docs.law("no-such-law"), std::out_of_range);
}

TEST_CASE("The seed model's update loop follows the seed's order; no other model has one",
          "[catalog][equations][seed]") {
  const std::string_view loop = catalogDocs().model("abbott-seed").updateLoop;
  // The seed (CalcIt): θ from the previous v (no dt), its clamp, Fk and F, the velocity, the position
  // with the new velocity, then the clamp of v, inside a loop that accumulates t by 0.001.
  const std::vector<std::string_view> order = {
      "t += 0.001", "θ ← θ + (1 − θ)/τ − v/D", "θ ← min(1, max(θ, 0))",
      "Fk ←",       "F ← Fk + (μs·N − Fk)·θ",  "v ← v +",
      "x ← x + v",  "if v < 0: v ← 0",         "plot"};
  std::size_t at = 0;
  for (std::string_view step : order) {
    INFO("step '" << step << "'");
    const std::size_t found = loop.find(step, at);
    REQUIRE(found != std::string_view::npos);
    at = found + step.size();
  }
  for (const auto& [id, model] : catalogDocs().models)
    if (id != "abbott-seed") CHECK(model.updateLoop.empty());
  for (const auto& [id, law] : catalogDocs().laws) CHECK(law.updateLoop.empty());
}
