// The model against hand computation (the numbers are worked out in the comments,
// never with the model's own expressions).
#include <catch2/catch.hpp>

#include "model.hpp"

TEST_CASE("AXPY over 1024 fp32 elements: 2048 FLOP, 12288 bytes") {
  // 2 FLOP per element: 2 * 1024 = 2048. Read x, read y, write y: 3 * 4 * 1024 = 12288.
  const @PROGRAM@::Cost c = @PROGRAM@::axpy_cost(1024, 4);
  CHECK(c.flops == 2048);
  CHECK(c.bytes == 12288);
  CHECK(c.intensity() == Approx(1.0 / 6.0));
}

TEST_CASE("AXPY is memory-bound whenever the balance point exceeds its intensity") {
  // 1 TB/s and 1 TFLOP/s: 12288 B take 12.288 ns, 2048 FLOP take 2.048 ns.
  const @PROGRAM@::Row r = @PROGRAM@::judge("fp32", 4, 1024, {1e12, 1e12});
  CHECK(r.memory_bound);
  CHECK(r.time() == Approx(12.288e-9));
}
