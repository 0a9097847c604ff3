// JSON → friction::Value (scenario_json.h).

#include "scenario_json.h"

namespace cli {

friction::Value toValue(const Json& json) {
  switch (json.kind) {
    case Json::Kind::Null: return {};
    case Json::Kind::Bool: return json.boolean;
    case Json::Kind::Number: return json.number;
    case Json::Kind::String: return json.text;
    case Json::Kind::Array: {
      friction::Value list = friction::Value::list();
      for (const Json& item : json.items) list.push(toValue(item));
      return list;
    }
    case Json::Kind::Object: break;
  }
  friction::Value object = friction::Value::object();
  for (const auto& [key, member] : json.members) object.set(key, toValue(member));
  return object;
}

}  // namespace cli
