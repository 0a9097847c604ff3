#pragma once
// The two ways a request can fail. Both carry a full sentence meant for the user.

#include <stdexcept>
#include <string>

namespace friction {

/// Bad input: an unknown model or parameter, a value out of range, NaN, a broken cross-parameter
/// rule. `field()` names the offending parameter key ("model" for an unknown model) so that a page
/// can show the message next to the control that caused it.
class InputError : public std::invalid_argument {
 public:
  InputError(std::string field, const std::string& message)
      : std::invalid_argument(message), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

/// A run that could not be completed (non-finite state, step budget exhausted). The message says
/// why and when.
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace friction
