/*
 * fileio.h - whole files in and out, with nothing replaced, lost or frozen.
 *
 * Reading: only regular files, opened without blocking (a FIFO with no
 * writer, a device or a folder is refused with one line), at most `max`
 * bytes.
 *
 * Writing an output (--screenshot, --state-out):
 *   - a regular file, or a name that does not exist yet: the data goes to a
 *     new temporary file beside it, is written to the last byte, fsync'ed,
 *     and only then renamed over the target (a link is followed: the file it
 *     names is replaced, the link stays);
 *   - a character device or a FIFO (/dev/null, /dev/stdout, a named pipe
 *     with a reader): written to directly, never replaced; a FIFO nobody
 *     reads is refused instead of blocking;
 *   - a folder, a block device, a socket: refused.
 * Several outputs are all or nothing: every temporary file is complete
 * before the first rename, and a failed rename undoes the earlier ones.
 *
 * New files (Ctrl+S, F12, autosaves) are created exclusively: a complete
 * temporary file is linked to the first free name, never over a file.
 *
 * Every message is one line; a long path is shortened in its middle so the
 * reason after it is never cut (path_shorten).
 */
#ifndef FILEIO_H
#define FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* What a message may show of a path, in bytes: longer ones keep their
 * start and end around a "…". */
#define FILEIO_SHOW_MAX 160

/* Reads the regular file at path (at most max bytes) into a new buffer
 * (NUL-terminated, free() it). what names the file in messages ("scene",
 * "input script"). On failure err gets "PATH:1:1: reason". */
bool file_read_all(const char *path, size_t max, const char *what, char **data, size_t *len,
                   char *err, size_t errlen);

/* Before a run: can an output be written at path? (its folder exists and is
 * writable; it is not a folder, a block device or a socket). */
bool file_check_output(const char *path, char *err, size_t errlen);

/* One output. */
typedef struct FileOut { const char *path; const void *data; size_t len; } FileOut;

/* Writes every output, or (on failure) none of them: err gets one line and
 * nothing is left behind (no temporary, no replaced file). */
bool file_write_all(const FileOut *outs, int n, char *err, size_t errlen);
/* The same for one output. */
bool file_write(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Creates a new file "<stem><ext>", else "<stem>-2<ext>", "<stem>-3<ext>"...
 * (never over an existing file, never wrapping round to one), holding data.
 * The name used goes to out_path. */
bool file_create_new(const char *stem, const char *ext, const void *data, size_t len,
                     char *out_path, size_t out_len, char *err, size_t errlen);

/* Time-stamped names (Ctrl+S, F12, the browser's downloads) all end in
 * the local time as "-YYYYMMDD-HHMMSS": FILE_STAMP_LEN characters. */
#define FILE_STAMP_LEN 16

/* out = prefix followed by when's stamp ("scene" -> "scene-20261201-041500").
 * False, with out empty, when that does not fit in n bytes. */
bool file_stamped_name(const char *prefix, time_t when, char *out, size_t n);

/* True when the first len characters of s end in such a stamp. */
bool file_ends_in_stamp(const char *s, size_t len);

/* True when a and b name the same file (links resolved: the same device and
 * inode; for names that do not exist yet, the same folder and name). */
bool file_same(const char *a, const char *b);

/* path for a message: whole when it fits FILEIO_SHOW_MAX bytes, else its
 * start, "…" and its end (whole UTF-8 characters). Returns out. */
const char *path_shorten(const char *path, char *out, size_t outlen);

#endif
