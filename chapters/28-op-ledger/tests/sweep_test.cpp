// The sweep's rows are checked byte for byte by the golden test (sweep.txt) and
// tied to the README by 28-op-ledger/published-lines; here, the one row whose
// intensity is an exact binary tie, by hand.
#include <catch2/catch.hpp>

#include "analysis.hpp"
#include "ledger/profile.hpp"
#include "sweep.hpp"

using namespace op_ledger;

TEST_CASE("the prefill attention row: 277,579,038,720 FLOP over 134,217,728 bytes", "[sweep]") {
  const std::vector<SweepRow> rows = sweep_rows();
  REQUIRE(rows.size() == 9);
  const SweepRow& prefill = rows[3];
  CHECK(prefill.label == "attention 32×4096×4096 d128");
  // H=32, Sq=Skv=4096, D=128, fp16 (e=2), batch 1:
  //   bytes: Q, K, V, O each 32*4096*128*2 = 33,554,432            -> 134,217,728
  //   FLOP:  QKᵀ and PV each 2*32*4096*4096*128 = 137,438,953,472
  //          softmax 5*32*4096*4096 = 2,684,354,560; normalise 32*4096*128 = 16,777,216
  //                                                                  -> 277,579,038,720
  CHECK(prefill.ledger.terms.total_bytes() == 134217728);
  CHECK(prefill.ledger.terms.total_flops() == 277579038720);
  // 277,579,038,720 / 134,217,728 = 2068.125 exactly, a tie the table prints as 2068.12
  // (fmt's half-to-even rounding is checked once, in common/tests/fmt_test.cpp).
  const Analysis a =
      analyse(prefill.ledger, *ledger::find_profile("h200"), prefill.ledger.declared_roof);
  CHECK(a.intensity == 2068.125);
}
