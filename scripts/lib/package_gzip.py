#!/usr/bin/env python3
"""Compresses the package CPack made uncompressed, keeping each file's compressed bytes.

Usage: package_gzip.py DEB OUT_DIR TARBALL_NAME CACHE_DIR

DEB is CPack's .deb with an uncompressed data.tar (CPACK_DEBIAN_COMPRESSION_TYPE none,
common/cmake/Package.cmake). Writes into OUT_DIR, both renamed into place once both are whole
(neither, on a failure):
  <DEB's name>            the same .deb, data.tar.gz in place of data.tar (the same tar bytes)
  TARBALL_NAME.tar.gz     the same entries under TARBALL_NAME/ instead of ./usr/ (the layout of
                          CPack's TGZ, which installs the same tree without the /usr prefix)
Prints one line: how many files' contents were compressed and how many came from CACHE_DIR.

Why: at 36 chapters the install tree is 150 MB, nearly all of it static programs that a prose
edit leaves byte for byte as they were, and CPack compressed it with one single-threaded gzip per
generator (7 CPU s each; CMake 3.25 has no level to set). A gzip file may be several gzip members
one after the other (RFC 1952, 2.2), read as one stream by gzip, zlib's gzread (dpkg-deb, apt),
tar and Python. So each file's content of CACHED_FROM bytes or more is a member of its own, kept
in CACHE_DIR under the SHA-256 of its bytes, zlib's version and the level: a file unchanged since
the last package costs a hash instead of a compression, and the .deb and the tarball share it.
The tar headers and the small files between are compressed anew each time. The output is a
function of the input bytes and zlib's version alone, cache or not. A cached member is used only
when its CRC-32 and length (the member's trailer) are the content's; afterwards CACHE_DIR holds
only what this package used.
"""
import hashlib
import os
import sys
import tarfile
import zlib
from pathlib import Path

LEVEL = 6  # gzip's and libarchive's default, what CPack used
CACHED_FROM = 16 * 1024  # smaller contents go into the members between, compressed each time
CHUNK = 1 << 20
AR_MAGIC = b"!<arch>\n"
AR_HEADER = 60


class Refused(Exception):
    """The input is not what CPack makes with compression none: one line for stderr."""


def ar_members(deb):
    """(name, header bytes, data offset, size) of each member of the ar archive DEB (open, binary)."""
    if deb.read(len(AR_MAGIC)) != AR_MAGIC:
        raise Refused("not an ar archive (a .deb starts with !<arch>)")
    members = []
    while True:
        header = deb.read(AR_HEADER)
        if not header:
            return members
        if len(header) != AR_HEADER or header[58:60] != b"`\n":
            raise Refused("a broken ar member header")
        name = header[:16].decode("ascii", "replace").rstrip(" ").rstrip("/")
        size = int(header[48:58].decode("ascii").strip() or "0")
        members.append((name, header, deb.tell(), size))
        deb.seek(size + size % 2, os.SEEK_CUR)


class MemberCache:
    """CACHE_DIR/<zlib version, level>/<sha256>.gz: one gzip member per content, and which were used."""

    def __init__(self, cache_dir):
        self.root = Path(cache_dir)
        self.dir = self.root / f"zlib-{zlib.ZLIB_RUNTIME_VERSION}-level{LEVEL}"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.used = set()
        self.compressed = self.reused = 0

    def member(self, read_range, size):
        """The gzip member of the content read_range(offset, length) gives, from the cache or made."""
        digest, crc = hashlib.sha256(), 0
        for piece in read_range(size):
            digest.update(piece)
            crc = zlib.crc32(piece, crc)
        path = self.dir / f"{digest.hexdigest()}.gz"
        self.used.add(path)
        trailer = crc.to_bytes(4, "little") + (size % 2**32).to_bytes(4, "little")
        try:
            kept = path.read_bytes()
            if kept[-8:] == trailer and kept[:3] == b"\x1f\x8b\x08":
                self.reused += 1
                return kept
        except FileNotFoundError:
            pass
        made = b"".join(compress(read_range(size)))
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(made)
        os.replace(temporary, path)
        self.compressed += 1
        return made

    def prune(self):
        """Leaves only the members this run used (other zlib versions and levels go too)."""
        for path in sorted(self.root.rglob("*"), reverse=True):
            if path.is_file() and path not in self.used:
                path.unlink()
            elif path.is_dir() and path != self.dir and not any(path.iterdir()):
                path.rmdir()


def compress(pieces):
    """One gzip member (header without a name or a time: the same bytes every run) of the pieces."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    for piece in pieces:
        yield packer.compress(piece)
    yield packer.flush()


class GzipWriter:
    """Writes a tar stream to OUT as gzip members: `glue` bytes gather into one member until a
    cached content comes (`content`), which is a member of its own from the cache."""

    def __init__(self, out, cache):
        self.out, self.cache = out, cache
        self.pending = []
        self.pending_size = 0

    def glue(self, data):
        if data:
            self.pending.append(data)
            self.pending_size += len(data)
            if self.pending_size >= CHUNK * 8:  # runs of small files: bounded memory
                self.flush()

    def content(self, read_range, size):
        self.flush()
        self.out.write(self.cache.member(read_range, size))

    def flush(self):
        if self.pending:
            for part in compress(self.pending):
                self.out.write(part)
            self.pending, self.pending_size = [], 0


def reader(stream, offset):
    """read_range(size): the pieces of stream's bytes from offset on, CHUNK at a time."""
    def read_range(size):
        stream.seek(offset)
        left = size
        while left:
            piece = stream.read(min(CHUNK, left))
            if not piece:
                raise Refused("the data.tar ends inside a file")
            left -= len(piece)
            yield piece
    return read_range


def copy_range(stream, offset, size):
    return b"".join(reader(stream, offset)(size))


def gzip_data_tar(deb, start, size, out, cache):
    """CPack's data.tar bytes [start, start+size) of DEB, as gzip members, into OUT."""
    writer = GzipWriter(out, cache)
    deb.seek(start)
    position = start
    with tarfile.open(fileobj=deb, mode="r:") as tar:
        for member in tar:
            if member.isreg() and member.size >= CACHED_FROM:
                writer.glue(copy_range(deb, position, member.offset_data - position))
                writer.content(reader(deb, member.offset_data), member.size)
                position = member.offset_data + member.size
    writer.glue(copy_range(deb, position, start + size - position))
    writer.flush()


def tarball_name(name, prefix):
    """./usr/x -> PREFIX/x; ./usr -> PREFIX; . -> None (left out); anything else is refused."""
    if name in (".", "./"):
        return None
    if name == "./usr":
        return prefix
    if name.startswith("./usr/"):
        return f"{prefix}/{name[len('./usr/'):]}"
    raise Refused(f"the data.tar holds {name!r}, outside ./usr/: the tarball's layout has no place for it")


def gzip_tarball(deb, start, prefix, out, cache):
    """The data.tar's entries under PREFIX/, written as a tar by tarfile, as gzip members into OUT."""
    writer = GzipWriter(out, cache)
    written = 0
    deb.seek(start)
    with tarfile.open(fileobj=deb, mode="r:") as tar:
        for member in tar:
            name = tarball_name(member.name, prefix)
            if name is None:
                continue
            if not (member.isreg() or member.isdir() or member.issym()):
                raise Refused(f"the data.tar holds {member.name!r}, neither a file, a folder nor a symbolic link")
            entry = tarfile.TarInfo(name)
            for field in ("size", "mtime", "mode", "type", "linkname", "uid", "gid", "uname", "gname"):
                setattr(entry, field, getattr(member, field))
            header = entry.tobuf(tarfile.PAX_FORMAT, "utf-8", "surrogateescape")
            writer.glue(header)
            written += len(header)
            if member.isreg():
                if member.size >= CACHED_FROM:
                    writer.content(reader(deb, member.offset_data), member.size)
                else:
                    writer.glue(copy_range(deb, member.offset_data, member.size))
                padding = -member.size % tarfile.BLOCKSIZE
                writer.glue(b"\0" * padding)
                written += member.size + padding
    end = 2 * tarfile.BLOCKSIZE
    written += end
    writer.glue(b"\0" * (end + -written % tarfile.RECORDSIZE))  # as tarfile closes an archive
    writer.flush()


def write_all(made):
    """made: {path: make(file)}. Each is written to a temporary sibling; all are renamed into
    place only when every one was written, so a failure leaves none of them half made."""
    temporaries = {path: path.with_name(f".{path.name}.{os.getpid()}.tmp") for path in made}
    try:
        for path, make in made.items():
            with open(temporaries[path], "wb") as out:
                make(out)
        for path, temporary in temporaries.items():
            os.replace(temporary, path)
    finally:
        for temporary in temporaries.values():
            temporary.unlink(missing_ok=True)


def package(deb_path, out_dir, prefix, cache_dir):
    cache = MemberCache(cache_dir)
    with open(deb_path, "rb") as deb:
        members = ar_members(deb)
        data = [m for m in members if m[0].startswith("data.tar")]
        if len(data) != 1 or data[0][0] != "data.tar":
            names = ", ".join(m[0] for m in members)
            raise Refused(f"holds {names}, not one uncompressed data.tar: CPACK_DEBIAN_COMPRESSION_TYPE "
                          "must be none (common/cmake/Package.cmake)")

        def make_deb(out):
            out.write(AR_MAGIC)
            for name, header, start, size in members:
                if name != "data.tar":
                    out.write(header)
                    out.write(copy_range(deb, start, size + size % 2))
                    continue
                at = out.tell()
                out.write(header)  # its name and size are rewritten once the size is known
                gzip_data_tar(deb, start, size, out, cache)
                made = out.tell() - at - AR_HEADER
                if made % 2:
                    out.write(b"\n")
                end = out.tell()
                out.seek(at)
                out.write(b"data.tar.gz".ljust(16) + header[16:48] + str(made).encode().ljust(10) + b"`\n")
                out.seek(end)

        def make_tarball(out):
            gzip_tarball(deb, data[0][2], prefix, out, cache)

        write_all({Path(out_dir) / Path(deb_path).name: make_deb,
                   Path(out_dir) / f"{prefix}.tar.gz": make_tarball})
    cache.prune()
    print(f"package_gzip: {cache.compressed} file contents compressed, {cache.reused} taken from "
          f"{cache_dir} (zlib {zlib.ZLIB_RUNTIME_VERSION}, level {LEVEL})")


def main(argv):
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if len(argv) != 4:
        print("usage: package_gzip.py DEB OUT_DIR TARBALL_NAME CACHE_DIR (--help says more)", file=sys.stderr)
        return 2
    deb, out_dir, prefix, cache_dir = argv
    try:
        package(deb, out_dir, prefix, cache_dir)
    except Refused as refusal:
        print(f"package_gzip: {deb}: {refusal}", file=sys.stderr)
        return 1
    except (OSError, tarfile.TarError) as error:
        print(f"package_gzip: {deb}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
