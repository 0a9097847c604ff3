// JSON → friction::Value (scenario_json.h).

#include "scenario_json.h"

namespace cli {

friction::Value toValue(const Json& json) {
  switch (json.kind) {
    case Json::Kind::Null:
      return {};
    case Json::Kind::Bool:
      return json.boolean;
    case Json::Kind::Number:
      return json.number;
    case Json::Kind::String:
      return json.text;
    case Json::Kind::Array: {
      friction::Value list = friction::Value::list();
      for (const Json& item : json.items) list.push(toValue(item));
      return list;
    }
    case Json::Kind::Object:
      break;
  }
  friction::Value object = friction::Value::object();
  for (const auto& [key, member] : json.members) object.set(key, toValue(member));
  return object;
}

std::string toJsonText(const friction::Value& value, int indent, int depth) {
  using Kind = friction::Value::Kind;
  const std::string pad(static_cast<std::size_t>(indent * (depth + 1)), ' '),
      close(static_cast<std::size_t>(indent * depth), ' ');
  switch (value.kind()) {
    case Kind::Null:
      return "null";
    case Kind::Bool:
      return value.boolean() ? "true" : "false";
    case Kind::Number:
      return jsonNumber(value.number());
    case Kind::String:
      return jsonString(value.text());
    case Kind::List: {
      // Lists of numbers on one line: a fit's residuals are long, and one per line helps no one.
      std::string text = "[";
      for (std::size_t i = 0; i < value.items().size(); ++i) {
        const bool flat = value.items()[i].kind() == Kind::Number;
        text += (i ? "," : "") + std::string(flat ? "" : "\n" + pad) +
                toJsonText(value.items()[i], indent, depth + 1);
      }
      const bool flat = value.items().empty() || value.items().front().kind() == Kind::Number;
      return text + (flat ? "]" : "\n" + close + "]");
    }
    case Kind::Object:
      break;
  }
  std::string text = "{";
  for (std::size_t i = 0; i < value.keys().size(); ++i)
    text += (i ? ",\n" : "\n") + pad + jsonString(value.keys()[i]) + ": " +
            toJsonText(value.items()[i], indent, depth + 1);
  return text + (value.keys().empty() ? "}" : "\n" + close + "}");
}

}  // namespace cli
