// Catch2 main for the em++ build (natively, Debian's prebuilt Catch2WithMain is linked).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
