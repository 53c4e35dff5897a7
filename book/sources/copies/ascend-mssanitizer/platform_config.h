# Stored copy (excerpt) of a source the book cites. book/tests/check_passages.py compares
# every passage of book/sources/passages/ascend-mssanitizer.txt with the body below.
# source: github:Ascend/mssanitizer@ffce6d2be195f7c4581bbcfeef42e3cd0ab92016:csrc/core/framework/platform_config.h:38-48,65-75,85-87,94-96,130-132,160-162
# retrieved: 2026-12-07, a clone of the public repository at that commit (git show)
# the body: the source's lines verbatim; `@@ lines A-B` starts each run of them
# sha256: e57e8429ccbdf1639da4bd89c28b563960bf1fc3c7498a1d775a4f43f40ea207
---
@@ lines 38-48
struct ChipInfo {
    uint32_t aiCoreCnt;
    uint32_t l0aSize;
    uint32_t l0bSize;
    uint32_t l0cSize;
    uint32_t l1Size;
    uint32_t ubSize;
    uint32_t ubBlockSize;
    uint32_t privateSize;
    uint64_t hbmSize;
};
@@ lines 65-75
/// 芯片内存信息，通过 ${ASCEND_HOME_PATH}/compiler/data/platform_config 路径获取
const std::unordered_map<DeviceType, ChipInfo> CHIP_INFO_MAP = {
    {DeviceType::ASCEND_910_PREMIUM_A,
        {32U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 256 * KB_TO_BYTES, 1024 * KB_TO_BYTES, 256 * KB_TO_BYTES, 32U,
            ASCEND_910A_PRIVATE_SIZE, 32 * GB_TO_BYTES}},
    {DeviceType::ASCEND_910B1,
        {24U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 128 * KB_TO_BYTES, 512 * KB_TO_BYTES, 192 * KB_TO_BYTES, 32U,
            ASCEND_910B_PRIVATE_SIZE, 64 * GB_TO_BYTES}},
    {DeviceType::ASCEND_910B2,
        {24U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 128 * KB_TO_BYTES, 512 * KB_TO_BYTES, 192 * KB_TO_BYTES, 32U,
            ASCEND_910B_PRIVATE_SIZE, 64 * GB_TO_BYTES}},
@@ lines 85-87
    {DeviceType::ASCEND_950DT_950x,
        {8U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 256 * KB_TO_BYTES, 512 * KB_TO_BYTES, 256 * KB_TO_BYTES, 32U,
            ASCEND_950_PRIVATE_SIZE, 24 * GB_TO_BYTES}},
@@ lines 94-96
    {DeviceType::ASCEND_950DT_9571,
        {28U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 256 * KB_TO_BYTES, 512 * KB_TO_BYTES, 256 * KB_TO_BYTES, 32U,
            ASCEND_950_PRIVATE_SIZE, 144 * GB_TO_BYTES}},
@@ lines 130-132
    {DeviceType::ASCEND_950DT_9581,
        {32U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 256 * KB_TO_BYTES, 512 * KB_TO_BYTES, 256 * KB_TO_BYTES, 32U,
            ASCEND_950_PRIVATE_SIZE, 144 * GB_TO_BYTES}},
@@ lines 160-162
    {DeviceType::ASCEND_950DT_9591,
        {36U, 64 * KB_TO_BYTES, 64 * KB_TO_BYTES, 256 * KB_TO_BYTES, 512 * KB_TO_BYTES, 256 * KB_TO_BYTES, 32U,
            ASCEND_950_PRIVATE_SIZE, 144 * GB_TO_BYTES}},
