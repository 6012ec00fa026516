#include "platform/memory.hpp"

#include <malloc.h>
#include <windows.h>

namespace kroon::platform {

constexpr std::size_t large_page = std::size_t{2} << 20;

std::uint64_t physical_memory_bytes() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    return GlobalMemoryStatusEx(&status) ? status.ullTotalPhys : 0;
}

// A job object (a service, a tournament manager) may limit the memory of its processes.
std::optional<std::uint64_t> process_memory_limit() {
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION job{};
    if (!QueryInformationJobObject(nullptr, JobObjectExtendedLimitInformation, &job, sizeof job, nullptr))
        return std::nullopt;
    std::optional<std::uint64_t> limit;
    const DWORD flags = job.BasicLimitInformation.LimitFlags;
    if (flags & JOB_OBJECT_LIMIT_PROCESS_MEMORY) limit = job.ProcessMemoryLimit;
    if ((flags & JOB_OBJECT_LIMIT_JOB_MEMORY) && (!limit || job.JobMemoryLimit < *limit)) limit = job.JobMemoryLimit;
    return limit;
}

// Large pages on Windows need a privilege players do not have (SeLockMemoryPrivilege): plain
// pages, aligned all the same.
void* allocate_large(std::size_t bytes) { return _aligned_malloc(bytes, large_page); }

void free_large(void* memory) { _aligned_free(memory); }

void return_free_memory() { _heapmin(); }

}  // namespace kroon::platform
