#pragma once
// A non-owning reference to a callable (C++26's std::function_ref, in a few lines): what a function
// that only calls its argument while it runs takes, so that it is compiled once for every caller
// instead of once per lambda (the wasm module's size), without std::function's allocation.

#include <type_traits>
#include <utility>

namespace friction {

template <class Signature>
class FunctionRef;

template <class Result, class... Args>
class FunctionRef<Result(Args...)> {
 public:
  template <class Callable, class = std::enable_if_t<!std::is_same_v<std::decay_t<Callable>, FunctionRef>>>
  FunctionRef(const Callable& callable)  // NOLINT(google-explicit-constructor): as a lambda is passed
      : object_(&callable), call_([](const void* object, Args... args) -> Result {
          return (*static_cast<const Callable*>(object))(std::forward<Args>(args)...);
        }) {}

  Result operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

 private:
  const void* object_;
  Result (*call_)(const void*, Args...);
};

}  // namespace friction
