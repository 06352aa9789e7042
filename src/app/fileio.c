/*
 * fileio.c - whole files in and out (see fileio.h for the rules).
 *
 *   read:   open without blocking -> fstat: a regular file? -> read at most max + 1 bytes
 *   write:  each output: regular or absent -> temporary beside it, written, fsync'ed
 *                        device or FIFO    -> written directly (after every temporary is ready)
 *           then the renames; a failed one undoes those before it (from a hard-linked backup)
 *   create: temporary written and fsync'ed -> link() to the first free name (EEXIST: next)
 *   names:  "-YYYYMMDD-HHMMSS" stamps (strftime of the local time), made and recognised
 */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FILEIO_MAX_OUTS 8
#define FILEIO_MAX_NUMBER 1000000   /* numbered names stop here: an error, never a wrap */

/* ---- Time-stamped names ------------------------------------------------- */

bool file_stamped_name(const char *prefix, time_t when, char *out, size_t n)
{
    if (n == 0) return false;
    struct tm tmv;
    char stamp[FILE_STAMP_LEN + 16];
    size_t k = strlen(prefix);
    if (localtime_r(&when, &tmv) == NULL || strftime(stamp, sizeof stamp, "-%Y%m%d-%H%M%S", &tmv) != FILE_STAMP_LEN ||
        k + FILE_STAMP_LEN >= n) {
        out[0] = '\0';
        return false;
    }
    memcpy(out, prefix, k);
    memcpy(out + k, stamp, FILE_STAMP_LEN + 1);
    return true;
}

bool file_ends_in_stamp(const char *s, size_t len)
{
    if (len < FILE_STAMP_LEN) return false;
    const char *p = s + len - FILE_STAMP_LEN;
    for (int i = 0; i < FILE_STAMP_LEN; i++) {
        bool digit = p[i] >= '0' && p[i] <= '9';
        if ((i == 0 || i == 9) ? p[i] != '-' : !digit) return false;
    }
    return true;
}

/* ---- Messages ------------------------------------------------------------ */

/* The length of the first at most n bytes of s that end on a whole UTF-8 character. */
static size_t utf8_head(const char *s, size_t n)
{
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    return n;
}

const char *path_shorten(const char *path, char *out, size_t outlen)
{
    if (outlen == 0) return out;
    size_t len = strlen(path);
    size_t show = FILEIO_SHOW_MAX < outlen - 1 ? FILEIO_SHOW_MAX : outlen - 1;
    if (len <= show) {
        memcpy(out, path, len + 1);
        return out;
    }
    /* the start and, longer, the end (the file's own name is there) */
    size_t keep = show > 3 ? show - 3 : 0;
    size_t head = utf8_head(path, keep * 2 / 5);
    size_t tail_start = len - (keep - keep * 2 / 5);
    while (tail_start < len && ((unsigned char)path[tail_start] & 0xC0) == 0x80) tail_start++;
    snprintf(out, outlen, "%.*s\xE2\x80\xA6%s", (int)head, path, path + tail_start);
    return out;
}

#define SHORT(p) path_shorten((p), (char[FILEIO_SHOW_MAX + 8]){ 0 }, FILEIO_SHOW_MAX + 8)

static const char *kind_of(const struct stat *st)
{
    if (S_ISDIR(st->st_mode)) return "it is a folder";
    if (S_ISFIFO(st->st_mode)) return "it is a FIFO (named pipe), not a regular file";
    if (S_ISCHR(st->st_mode)) return "it is a character device, not a regular file";
    if (S_ISBLK(st->st_mode)) return "it is a block device (a disk), not a regular file";
    if (S_ISSOCK(st->st_mode)) return "it is a socket, not a regular file";
    return "it is not a regular file";
}

/* ---- Reading ------------------------------------------------------------- */

bool file_read_all(const char *path, size_t max, const char *what, char **data, size_t *len,
                   char *err, size_t errlen)
{
    *data = NULL;
    *len = 0;
    /* O_NONBLOCK: a FIFO with no writer must not freeze the program before
     * fstat can say what it is */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s:1:1: cannot open %s: %s", SHORT(path), what, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = errno;
        bool known = fstat(fd, &st) == 0;
        snprintf(err, errlen, "%s:1:1: cannot read %s: %s", SHORT(path), what, known ? kind_of(&st) : strerror(e));
        close(fd);
        return false;
    }
    if ((unsigned long long)st.st_size > (unsigned long long)max) {
        snprintf(err, errlen, "%s:1:1: %s is larger than %zu MiB", SHORT(path), what, max >> 20);
        close(fd);
        return false;
    }
    /* the size may change while we read: read up to max + 1 whatever fstat said */
    size_t cap = (size_t)st.st_size + 1 < max + 1 ? (size_t)st.st_size + 1 : max + 1;
    char *buf = malloc(cap + 1);
    size_t n = 0;
    const char *why = buf == NULL ? "out of memory" : NULL;
    while (why == NULL) {
        if (n == cap) {
            if (cap >= max + 1) break;
            size_t ncap = cap * 2 < max + 1 ? cap * 2 : max + 1;
            char *nb = realloc(buf, ncap + 1);
            if (nb == NULL) { why = "out of memory"; break; }
            buf = nb;
            cap = ncap;
        }
        ssize_t k = read(fd, buf + n, cap - n);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) why = strerror(errno);
        if (k <= 0) break;
        n += (size_t)k;
    }
    close(fd);
    if (why == NULL && n > max) {
        snprintf(err, errlen, "%s:1:1: %s is larger than %zu MiB", SHORT(path), what, max >> 20);
        free(buf);
        return false;
    }
    if (why != NULL) {
        snprintf(err, errlen, "%s:1:1: cannot read %s: %s", SHORT(path), what, why);
        free(buf);
        return false;
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return true;
}

/* ---- Where an output goes -------------------------------------------------- */

typedef enum OutMode { OUT_RENAME, OUT_DIRECT } OutMode;

typedef struct Out {
    const FileOut *f;
    OutMode mode;
    bool existed;            /* the rename target was there before */
    struct stat st;          /* of the existing target */
    char target[PATH_MAX];   /* what the rename replaces (links followed) */
    char dir[PATH_MAX];      /* its folder, for the temporary */
    char tmp[PATH_MAX + 64]; /* the temporary, "" when none */
    char bak[PATH_MAX + 64]; /* a hard link to the old target, "" when none */
    bool renamed;
} Out;

static void dir_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) snprintf(dir, n, ".");
    else if (slash == path) snprintf(dir, n, "/");
    else snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

/* Paths under /dev and /proc (/dev/stdout, /proc/self/fd/1) stand for an
 * open file of this process: written in place, never renamed over. */
static bool names_open_file(const char *path)
{
    return strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0;
}

/* Decides how path is written; false (with err) when it cannot be. */
static bool out_plan(const char *path, Out *o, char *err, size_t errlen)
{
    o->mode = OUT_RENAME;
    o->existed = false;
    o->tmp[0] = o->bak[0] = '\0';
    o->renamed = false;
    if (stat(path, &o->st) == 0) {
        if (S_ISDIR(o->st.st_mode)) {
            snprintf(err, errlen, "%s: cannot write there: it is a folder", SHORT(path));
            return false;
        }
        if (S_ISBLK(o->st.st_mode) || S_ISSOCK(o->st.st_mode)) {
            snprintf(err, errlen, "%s: refusing to write there: %s", SHORT(path), kind_of(&o->st));
            return false;
        }
        if (!S_ISREG(o->st.st_mode) || names_open_file(path)) {
            o->mode = OUT_DIRECT;   /* a device, a FIFO, an open file: never replaced */
            snprintf(o->target, sizeof o->target, "%s", path);
            return true;
        }
        if (realpath(path, o->target) == NULL) {
            /* a regular file we cannot name (deleted under a link): in place */
            o->mode = OUT_DIRECT;
            snprintf(o->target, sizeof o->target, "%s", path);
            return true;
        }
        o->existed = true;
    } else {
        struct stat lst;
        if (errno == ENOENT && lstat(path, &lst) == 0) {
            snprintf(err, errlen, "%s: cannot write there: it is a link to a missing file", SHORT(path));
            return false;
        }
        if (errno != ENOENT) {
            snprintf(err, errlen, "%s: cannot write there: %s", SHORT(path), strerror(errno));
            return false;
        }
        if (strlen(path) >= sizeof o->target) {
            snprintf(err, errlen, "%s: cannot write there: the name is too long", SHORT(path));
            return false;
        }
        snprintf(o->target, sizeof o->target, "%s", path);
    }
    dir_of(o->target, o->dir, sizeof o->dir);
    if (access(o->dir, W_OK) != 0) {
        snprintf(err, errlen, "%s: cannot write there: folder '%s': %s", SHORT(path), SHORT(o->dir), strerror(errno));
        return false;
    }
    return true;
}

bool file_check_output(const char *path, char *err, size_t errlen)
{
    Out o;
    return out_plan(path, &o, err, errlen);
}

/* ---- Writing --------------------------------------------------------------- */

/* Writes all len bytes to fd (short writes and EINTR continued). */
static bool write_full(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t k = write(fd, p, len);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (k == 0) errno = EIO;
            return false;
        }
        p += k;
        len -= (size_t)k;
    }
    return true;
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* A new temporary file in dir holding data, written and fsync'ed; its name
 * goes to tmp. On failure nothing is left and errno says why. */
static bool temp_write(const char *dir, const void *data, size_t len, const struct stat *like, char *tmp, size_t n)
{
    static int serial = 0;
    int fd = -1;
    for (int tries = 0; tries < 100 && fd < 0; tries++) {
        snprintf(tmp, n, "%s/.collision-lab.tmp-%ld-%d", dir, (long)getpid(), serial++);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        tmp[0] = '\0';
        return false;
    }
    if (like != NULL) {
        /* the replaced file keeps its permissions (and, for root, its owner) */
        (void)fchmod(fd, like->st_mode & 07777);
        if (geteuid() == 0) (void)!fchown(fd, like->st_uid, like->st_gid);
    }
    bool ok = write_full(fd, data, len) && fsync(fd) == 0;
    int e = errno;
    ok = close(fd) == 0 && ok;
    if (!ok) {
        if (e == 0) e = errno;
        unlink(tmp);
        tmp[0] = '\0';
        errno = e != 0 ? e : EIO;
    }
    return ok;
}

static bool direct_write(const Out *o, char *err, size_t errlen)
{
    const char *path = o->f->path;
    /* O_NONBLOCK: a FIFO nobody reads fails with ENXIO instead of waiting */
    int fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENXIO && S_ISFIFO(o->st.st_mode))
            snprintf(err, errlen, "%s: cannot write: it is a FIFO (named pipe) and no program is reading it",
                     SHORT(path));
        else
            snprintf(err, errlen, "%s: cannot write: %s", SHORT(path), strerror(errno));
        return false;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    bool ok = write_full(fd, o->f->data, o->f->len);
    int e = errno;
    /* devices and pipes cannot be synced (EINVAL): only real failures count */
    if (ok && fsync(fd) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP) { ok = false; e = errno; }
    if (close(fd) != 0 && ok) { ok = false; e = errno; }
    if (!ok) snprintf(err, errlen, "%s: cannot write: %s", SHORT(path), strerror(e));
    return ok;
}

static void undo(Out *outs, int n)
{
    for (int i = 0; i < n; i++) {
        Out *o = &outs[i];
        if (o->renamed) {
            /* put back what was there, or remove what was not */
            if (o->bak[0] != '\0') rename(o->bak, o->target);
            else if (!o->existed) unlink(o->target);
        }
        if (o->tmp[0] != '\0') unlink(o->tmp);
        if (o->bak[0] != '\0') unlink(o->bak);
        o->tmp[0] = o->bak[0] = '\0';
    }
}

bool file_write_all(const FileOut *files, int n, char *err, size_t errlen)
{
    if (n <= 0) return true;
    if (n > FILEIO_MAX_OUTS) {
        snprintf(err, errlen, "too many outputs");
        return false;
    }
    static Out outs[FILEIO_MAX_OUTS];
    for (int i = 0; i < n; i++) {
        memset(&outs[i], 0, sizeof outs[i]);
        outs[i].f = &files[i];
        if (!out_plan(files[i].path, &outs[i], err, errlen)) return false;
        for (int j = 0; j < i; j++) {
            if (file_same(files[i].path, files[j].path)) {
                snprintf(err, errlen, "%s: the same file is given for two outputs", SHORT(files[i].path));
                return false;
            }
        }
    }
    /* 1. every temporary complete and on disk */
    for (int i = 0; i < n; i++) {
        Out *o = &outs[i];
        if (o->mode != OUT_RENAME) continue;
        if (!temp_write(o->dir, o->f->data, o->f->len, o->existed ? &o->st : NULL, o->tmp, sizeof o->tmp)) {
            snprintf(err, errlen, "%s: cannot write: %s", SHORT(o->f->path), strerror(errno));
            undo(outs, n);
            return false;
        }
    }
    /* 2. devices and FIFOs: what cannot be taken back comes after every
     *    check that can still fail without trace */
    for (int i = 0; i < n; i++) {
        if (outs[i].mode == OUT_DIRECT && !direct_write(&outs[i], err, errlen)) {
            undo(outs, n);
            return false;
        }
    }
    /* 3. the renames; with more than one, the old files are kept (hard
     *    links) until all are done, so a failure can put them back */
    for (int i = 0; i < n; i++) {
        Out *o = &outs[i];
        if (o->mode != OUT_RENAME) continue;
        if (n > 1 && o->existed) {
            snprintf(o->bak, sizeof o->bak, "%s.bak", o->tmp);
            if (link(o->target, o->bak) != 0) o->bak[0] = '\0';
        }
        if (rename(o->tmp, o->target) != 0) {
            snprintf(err, errlen, "%s: cannot write: %s", SHORT(o->f->path), strerror(errno));
            undo(outs, n);
            return false;
        }
        o->tmp[0] = '\0';
        o->renamed = true;
    }
    for (int i = 0; i < n; i++) {
        Out *o = &outs[i];
        if (o->bak[0] != '\0') unlink(o->bak);
        if (o->mode == OUT_RENAME) sync_dir(o->dir);
    }
    return true;
}

bool file_write(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    FileOut f = { path, data, len };
    return file_write_all(&f, 1, err, errlen);
}

/* ---- New files --------------------------------------------------------------- */

bool file_create_new(const char *stem, const char *ext, const void *data, size_t len,
                     char *out_path, size_t out_len, char *err, size_t errlen)
{
    char dir[PATH_MAX], tmp[PATH_MAX + 64], name[PATH_MAX];
    if (strlen(stem) + strlen(ext) + 16 >= sizeof name) {
        snprintf(err, errlen, "%s%s: cannot write: the name is too long", SHORT(stem), ext);
        return false;
    }
    dir_of(stem, dir, sizeof dir);
    if (!temp_write(dir, data, len, NULL, tmp, sizeof tmp)) {
        snprintf(err, errlen, "%s%s: cannot write: %s", SHORT(stem), ext, strerror(errno));
        return false;
    }
    bool done = false;
    int e = 0;
    for (long k = 1; k <= FILEIO_MAX_NUMBER && !done; k++) {
        if (k == 1) snprintf(name, sizeof name, "%s%s", stem, ext);
        else snprintf(name, sizeof name, "%s-%ld%s", stem, k, ext);
        /* link() never replaces: EEXIST means taken, try the next number */
        if (link(tmp, name) == 0) { done = true; break; }
        if (errno == EEXIST) continue;
        if (errno != EPERM && errno != ENOTSUP && errno != EOPNOTSUPP && errno != EMLINK && errno != EXDEV) {
            e = errno;
            break;
        }
        /* a file system without hard links: exclusive creation, then the data */
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno == EEXIST) continue;
        if (fd < 0) { e = errno; break; }
        bool ok = write_full(fd, data, len) && fsync(fd) == 0;
        e = errno;
        ok = close(fd) == 0 && ok;
        if (!ok) { unlink(name); if (e == 0) e = EIO; break; }
        done = true;
    }
    unlink(tmp);
    if (!done) {
        if (e == 0) snprintf(err, errlen, "%s%s: cannot write: every numbered name up to %d is taken", SHORT(stem), ext,
                             FILEIO_MAX_NUMBER);
        else snprintf(err, errlen, "%s%s: cannot write: %s", SHORT(stem), ext, strerror(e));
        return false;
    }
    sync_dir(dir);
    snprintf(out_path, out_len, "%s", name);
    return true;
}

/* ---- Identity ----------------------------------------------------------------- */

/* A name that does not exist yet, made absolute: its folder resolved. */
static bool canonical_new(const char *path, char *out, size_t n)
{
    char dir[PATH_MAX], rdir[PATH_MAX];
    dir_of(path, dir, sizeof dir);
    const char *slash = strrchr(path, '/');
    const char *base = slash != NULL ? slash + 1 : path;
    if (realpath(dir, rdir) == NULL) return false;
    snprintf(out, n, "%s/%s", rdir, base);
    return true;
}

bool file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea || eb) return false;
    char ca[PATH_MAX + 256], cb[PATH_MAX + 256];
    if (!canonical_new(a, ca, sizeof ca) || !canonical_new(b, cb, sizeof cb)) return strcmp(a, b) == 0;
    return strcmp(ca, cb) == 0;
}
