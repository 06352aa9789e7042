/*
 * broadphase.c - every colliding pair among many shapes: a uniform grid in a
 * hash table, rebuilt each call, then shapes_collide on the candidates.
 *
 * The idea
 *   1. Each valid shape's AABB, grown by the narrow phase's rounding slack
 *      (aabb_pad, as shape_aabb_padded): shapes_collide may say yes to shapes
 *      a few ulps apart, and the pairs must be exactly its. A bad shape's box
 *      is empty.
 *   2. Cell edge = 2 x the median shape extent (before padding; points left
 *      out when they are the majority), the median read from a histogram of
 *      the extents' float bits (one pass, within 25 %, and a few giant shapes
 *      cannot blow it up as they would a mean).
 *   3. Each shape goes into every cell its box covers: a counting sort of
 *      (shape, cell) entries into a power-of-two hash table (load <= 1), the
 *      box copied in so the pair loop reads memory in order.
 *   4. In each bucket, two entries of the same cell whose boxes overlap are a
 *      candidate. Two overlapping boxes share several cells; the pair is
 *      taken only in the first, the cell of (max min x, max min y), which is
 *      where one of them starts its column and one starts its row: no
 *      duplicates and no set to check them against.
 *   5. A shape covering more than BP_HUGE_CELLS cells skips the grid and is
 *      tested against every shape (box first).
 *   Cell coordinates are clamped to +-2^30; the clamp is monotone, so step 4
 *   stays exact for shapes far away, only slower there.
 *
 * Why a grid (measured on this 2-core machine, gcc -O2, one thread, per tick,
 * broad + narrow phase; bench/bench_broadphase.c: mixed moving circles,
 * rotated rectangles and polygons of size 3..12 px; "sparse" keeps lesson 9's
 * density of 1,000 shapes on 1280x720, "dense" puts N on 1280x720)
 *
 *                          sort and sweep     grid (this file)
 *     sparse  1,000            0.14 ms            0.12 ms      ~430 pairs
 *     sparse 10,000            2.1  ms            1.1  ms     ~4,000 pairs
 *     sparse 50,000           17.2  ms            6.3  ms    ~20,000 pairs
 *     dense  10,000            8.6  ms            6.0  ms    ~40,000 pairs
 *     dense  50,000          205    ms          142    ms     ~1.0 M pairs
 *
 *   Both columns ran with a stand-in narrow phase while src/collide.c was
 *   being written; with the real one the grid takes 0.10, 1.1, 8.1, 5.2 and
 *   140 ms (medians). Box2D 2.4's b2DynamicTree (MoveProxy + Query per
 *   shape + b2TestOverlap) took 13 ms at 10,000 sparse and 106 ms at 50,000;
 *   Chipmunk 7's bounding-box tree 14 and 148 ms (Debian's debug build).
 *   Sort and sweep had insertion sort on last tick's order (radix sort when
 *   N changed or the order moved a lot), so sorting was nearly free; its
 *   sweep still meets every shape whose x interval overlaps, about
 *   N x mean width / world width of them per shape: that grows as sqrt(N)
 *   even at a fixed density. The grid's work grows with N and the pairs
 *   alone: without the narrow phase it takes 0.62 ms at 10,000 sparse and
 *   3.3 ms at 50,000 (about 65 ns a shape, AABBs included). A cell factor of 1, 1.5, 2 or 3 x the median
 *   changes these by under 10 %; 2 is best on sparse scenes.
 *
 * Memory lives in the Broadphase and only grows (doubling), so a steady
 * scene allocates nothing per call; if growing fails the call returns -1 and
 * the old blocks stay, usable by the next call.
 */
#include "broadphase.h"

#include <float.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "collide_internal.h"

/* Tuning: the cell edge is CELL_FACTOR times the median shape extent; a shape
 * whose box covers more than HUGE_CELLS cells skips the grid and is tested
 * against every shape instead. */
#define BP_CELL_FACTOR 2.0f
#define BP_HUGE_CELLS 32
/* Cell coordinates are clamped to +-2^30 so that they fit an int. */
#define BP_CELL_LIMIT 1073741824.0f
/* The median extent is found in a histogram of the float's exponent and top
 * two mantissa bits: within 25 %, in one pass, robust to a few giants. */
#define BP_HIST_BITS 10
#define BP_HIST_SIZE (1 << BP_HIST_BITS)

typedef struct BpBox { float minx, miny, maxx, maxy; } BpBox;

/* One valid shape: its box and the cells it covers (x0..x1, y0..y1). */
typedef struct BpItem {
    BpBox box;
    int shape;
    int x0, y0, x1, y1;
} BpItem;

/* One shape in one cell. */
typedef struct BpEntry {
    BpBox box;
    int shape;
    int cx, cy;              /* the cell */
    uint8_t first_x, first_y; /* 1 where cx == x0 (cy == y0) of the shape */
} BpEntry;

struct Broadphase {
    BpItem *items;   size_t item_cap;
    int *huge;       size_t huge_cap;   /* indices into items */
    BpEntry *entries; size_t entry_cap;
    size_t *start;   size_t start_cap;  /* bucket b holds entries [start[b], start[b+1]) */
    Hull *hulls;     size_t hull_cap;   /* per shape index: its prepared hull (rect, poly) */
    long long candidates;               /* pairs given to the narrow phase by the last call */
    size_t buckets;                     /* the last call's hash table size (0: none built) */
    long long budget;                   /* at most this many per call (0: no limit) */
    bool stopped;                       /* the last call hit the budget */
};

/* ---- memory ------------------------------------------------------------ */

/* Makes room for `need` elements of `size` bytes, doubling; on failure the
 * old block stays as it was. */
static bool bp_reserve(void **ptr, size_t *cap, size_t need, size_t size)
{
    bool ok = true;
    if (need > *cap) {
        size_t cap_new = *cap > 0 ? *cap : 64;
        while (cap_new < need && cap_new <= SIZE_MAX / 2) {
            cap_new *= 2;
        }
        if (cap_new < need || cap_new > SIZE_MAX / size) {
            ok = false;
        } else {
            void *p = realloc(*ptr, cap_new * size);
            if (p == NULL) {
                ok = false;
            } else {
                *ptr = p;
                *cap = cap_new;
            }
        }
    }
    return ok;
}

Broadphase *broadphase_create(void)
{
    Broadphase *bp = calloc(1, sizeof *bp);
    return bp;
}

void broadphase_destroy(Broadphase *bp)
{
    if (bp != NULL) {
        free(bp->items);
        free(bp->huge);
        free(bp->entries);
        free(bp->start);
        free(bp->hulls);
        free(bp);
    }
}

/* ---- helpers ----------------------------------------------------------- */

/* The cell of coordinate v. Monotone in v (clamping included), so the cell of
 * max(a, b) is the max of the cells: the pair rule below relies on it. */
static inline int bp_cell(float v, float inv)
{
    float c = floorf(v * inv);
    if (!(c > -BP_CELL_LIMIT)) {
        c = -BP_CELL_LIMIT;   /* also catches NaN from 0 * inf */
    }
    if (c > BP_CELL_LIMIT) {
        c = BP_CELL_LIMIT;
    }
    return (int)c;
}

static inline uint32_t bp_hash(int cx, int cy, int shift)
{
    uint32_t h = (uint32_t)cx * 0x9E3779B1u ^ (uint32_t)cy * 0x85EBCA77u;
    return h >> shift;
}

/* Step 5's rule: p and q (entries of one bucket) are a candidate in this
 * cell. One branch: the candidates are few and unpredictable. */
static inline int bp_take(const BpEntry *p, const BpEntry *q)
{
    return (p->cx == q->cx) & (p->cy == q->cy) &
           (p->first_x | q->first_x) & (p->first_y | q->first_y) &
           (p->box.minx <= q->box.maxx) & (q->box.minx <= p->box.maxx) &
           (p->box.miny <= q->box.maxy) & (q->box.miny <= p->box.maxy);
}

static inline bool bp_overlap(const BpBox *a, const BpBox *b)
{
    return a->minx <= b->maxx && b->minx <= a->maxx &&
           a->miny <= b->maxy && b->miny <= a->maxy;
}

/* The narrow phase on one candidate; counts every hit, writes the first
 * max_out of them. */
static inline void bp_emit(const Shape *shapes, const Hull *hulls, bool *hit, int i, int j, ShapePair *out,
                           size_t max_out, size_t *count)
{
    int a = i < j ? i : j;
    int b = i < j ? j : i;
    // both valid (step 1), their hulls built once for the whole call
    if (shapes_collide_hulls(&shapes[a], &hulls[a], &shapes[b], &hulls[b], NULL)) {
        if (hit != NULL) {
            hit[a] = true;
            hit[b] = true;
        }
        if (*count < max_out) {
            out[*count].a = a;
            out[*count].b = b;
        }
        *count += 1;
    }
}

/* Histogram bin of a non-negative float: its top bits, monotone in value. */
static inline int bp_bin(float v)
{
    uint32_t bits = 0;
    memcpy(&bits, &v, sizeof bits);
    uint32_t bin = bits >> (31 - BP_HIST_BITS);
    return bin < BP_HIST_SIZE ? (int)bin : BP_HIST_SIZE - 1;
}

/* The upper edge of a histogram bin, as a float. */
static inline float bp_bin_value(int bin)
{
    uint32_t bits = (uint32_t)(bin + 1) << (31 - BP_HIST_BITS);
    float v = 0.0f;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* The box grown by the narrow phase's rounding slack, as the narrow phase
 * has it: it compares two shapes relative to a point between them (sat.c's
 * sat_origin, the circle tests' differences), so its slack scales with the
 * shapes, not with their distance from the origin: COLLIDE_REL_TOLERANCE x
 * the extent, a few ulps of the box's own coordinates (shape_aabb rounds
 * them once), and the absolute floor. aabb_pad's bound (REL_TOLERANCE x
 * |coordinate|) holds too but grows a box at x = 1e8 by 400 px, until every
 * small shape far out counts as huge. Exactness against brute force at
 * +-1e8: tests/test_broadphase_far.c. */
static inline Aabb bp_pad(Aabb box)
{
    if (box.min.x <= box.max.x) {
        float mag = fmaxf(fmaxf(fabsf(box.min.x), fabsf(box.max.x)), fmaxf(fabsf(box.min.y), fabsf(box.max.y)));
        float extent = fmaxf(box.max.x - box.min.x, box.max.y - box.min.y);
        float pad = COLLIDE_REL_TOLERANCE * extent + 4.0f * FLT_EPSILON * mag + COLLIDE_ABS_TOLERANCE;
        box.min.x -= pad;
        box.min.y -= pad;
        box.max.x += pad;
        box.max.y += pad;
    }
    return box;
}

/* ---- the grid ---------------------------------------------------------- */

int broadphase_collide(Broadphase *bp, const Shape *shapes, int n,
                       ShapePair *out, int max_out)
{
    return broadphase_collide_hits(bp, shapes, n, out, max_out, NULL);
}

void broadphase_set_budget(Broadphase *bp, long long max_candidates)
{
    if (bp != NULL) {
        bp->budget = max_candidates > 0 ? max_candidates : 0;
    }
}

bool broadphase_stopped(const Broadphase *bp)
{
    return bp != NULL && bp->stopped;
}

int broadphase_collide_hits(Broadphase *bp, const Shape *shapes, int n,
                            ShapePair *out, int max_out, bool *hit)
{
    if (bp == NULL) {
        return -1;
    }
    bp->candidates = 0;
    bp->buckets = 0;
    bp->stopped = false;
    /* with a budget, the pair loops stop once it is spent: candidates, and
     * the entries looked at (a cell where 10,000 shapes meet is 50 million
     * looks even where the rule takes none of the pairs) */
    long long budget = bp->budget > 0 ? bp->budget : LLONG_MAX;
    long long looks = 0, looks_budget = bp->budget > 0 ? 8 * bp->budget : LLONG_MAX;
    if (shapes == NULL || n <= 0) {
        return 0;
    }
    size_t limit = (out != NULL && max_out > 0) ? (size_t)max_out : 0;
    if (!bp_reserve((void **)&bp->items, &bp->item_cap, (size_t)n, sizeof(BpItem)) ||
        !bp_reserve((void **)&bp->hulls, &bp->hull_cap, (size_t)n, sizeof(Hull))) {
        return -1;
    }

    // 1. boxes of the valid shapes, and a histogram of their extents
    uint32_t hist[BP_HIST_SIZE];
    memset(hist, 0, sizeof hist);
    double pad_sum = 0.0;   /* the padding, both sides: large far from the origin */
    size_t m = 0;
    for (int i = 0; i < n; i++) {
        /* a bad shape's box has min > max (collide.h); and shapes_collide
           rejects it anyway, so no pair can come from it */
        Aabb raw = shape_aabb(&shapes[i]);
        Aabb a = bp_pad(raw);
        if (!(a.min.x <= a.max.x && a.min.y <= a.max.y)) {
            continue;
        }
        if (shapes[i].kind != SHAPE_CIRCLE) {
            // the prepared hull, once per shape per call
            hull_from_shape(&bp->hulls[i], &shapes[i]);
        }
        BpItem *it = &bp->items[m++];
        it->box.minx = a.min.x;
        it->box.miny = a.min.y;
        it->box.maxx = a.max.x;
        it->box.maxy = a.max.y;
        it->shape = i;
        /* the extent before padding: a point's is 0 (bin 0), where its
           padded box is the slack wide and would pass for a tiny shape */
        float w = raw.max.x - raw.min.x;
        float h = raw.max.y - raw.min.y;
        hist[bp_bin(w > h ? w : h)] += 1;
        pad_sum += (double)((a.max.x - a.min.x) - w);
    }
    if (m < 2) {
        return 0;
    }

    // 2. cell size from the median extent (of the non-zero ones, when at
    //    least half the shapes are points: bin 0 holds the points)
    float cell = 0.0f;
    {
        size_t zero = hist[0];
        size_t rank = zero * 2 >= m ? zero + (m - zero) / 2 : m / 2;
        size_t seen = 0;
        for (int b = 0; b < BP_HIST_SIZE; b++) {
            seen += hist[b];
            if (seen > rank) {
                cell = BP_CELL_FACTOR * bp_bin_value(b);
                break;
            }
        }
    }
    /* far out, the pad (ulps of 1e8 are 8 px) can outgrow small shapes: a
     * cell of at least twice the mean padding keeps them off the huge list */
    float pad_mean = (float)(pad_sum / (double)m);
    if (cell < BP_CELL_FACTOR * pad_mean) {
        cell = BP_CELL_FACTOR * pad_mean;
    }
    if (!(cell > 0.0f) || !isfinite(cell)) {
        cell = 1.0f;
    }
    float inv = 1.0f / cell;
    if (!(inv > 0.0f) || !isfinite(inv)) {
        inv = 1.0f;
    }

    // 3. cells of each shape; the huge ones go to a list of their own
    size_t nhuge = 0;
    size_t nentries = 0;
    for (size_t k = 0; k < m; k++) {
        BpItem *it = &bp->items[k];
        it->x0 = bp_cell(it->box.minx, inv);
        it->y0 = bp_cell(it->box.miny, inv);
        it->x1 = bp_cell(it->box.maxx, inv);
        it->y1 = bp_cell(it->box.maxy, inv);
        int64_t span = ((int64_t)it->x1 - it->x0 + 1) * ((int64_t)it->y1 - it->y0 + 1);
        if (span > BP_HUGE_CELLS) {
            if (!bp_reserve((void **)&bp->huge, &bp->huge_cap, nhuge + 1, sizeof(int))) {
                return -1;
            }
            bp->huge[nhuge++] = (int)k;
            it->x1 = it->x0 - 1;   /* marks it huge: no cells */
        } else {
            nentries += (size_t)span;
        }
    }

    // 4. counting sort of (shape, cell) entries into hash buckets
    int bits = 4;
    while (((size_t)1 << bits) < nentries && bits < 30) {
        bits++;
    }
    size_t nb = (size_t)1 << bits;
    int shift = 32 - bits;
    if (!bp_reserve((void **)&bp->entries, &bp->entry_cap, nentries, sizeof(BpEntry)) ||
        !bp_reserve((void **)&bp->start, &bp->start_cap, nb + 1, sizeof(size_t))) {
        return -1;
    }
    size_t *start = bp->start;
    memset(start, 0, (nb + 1) * sizeof(size_t));
    for (size_t k = 0; k < m; k++) {
        const BpItem *it = &bp->items[k];
        for (int cy = it->y0; cy <= it->y1 && it->x1 >= it->x0; cy++) {
            for (int cx = it->x0; cx <= it->x1; cx++) {
                start[bp_hash(cx, cy, shift)] += 1;
            }
        }
    }
    size_t sum = 0;
    for (size_t b = 0; b <= nb; b++) {
        sum += start[b];
        start[b] = sum;   /* the end of bucket b, for now */
    }
    for (size_t k = 0; k < m; k++) {
        const BpItem *it = &bp->items[k];
        for (int cy = it->y0; cy <= it->y1 && it->x1 >= it->x0; cy++) {
            for (int cx = it->x0; cx <= it->x1; cx++) {
                BpEntry *e = &bp->entries[--start[bp_hash(cx, cy, shift)]];
                e->box = it->box;
                e->shape = it->shape;
                e->cx = cx;
                e->cy = cy;
                e->first_x = (uint8_t)(cx == it->x0);
                e->first_y = (uint8_t)(cy == it->y0);
            }
        }
    }
    /* now start[b] is the beginning of bucket b, start[nb] the total */
    bp->buckets = nb;

    // 5. pairs within each cell. Two boxes that overlap share the cells of
    //    their overlap; the pair is taken only in the first of them (the cell
    //    of max(min x), max(min y)), where one of the two starts its column
    //    and one starts its row.
    size_t count = 0;
    for (size_t b = 0; b < nb; b++) {
        size_t end = start[b + 1];
        for (size_t j = start[b]; j + 1 < end; j++) {
            looks += (long long)(end - j - 1);
            if (looks > looks_budget) {
                bp->stopped = true;
                goto done;
            }
            const BpEntry *p = &bp->entries[j];
            for (size_t k = j + 1; k < end; k++) {
                const BpEntry *q = &bp->entries[k];
                if (bp_take(p, q)) {
                    if (bp->candidates >= budget) {
                        bp->stopped = true;
                        goto done;
                    }
                    bp->candidates++;
                    bp_emit(shapes, bp->hulls, hit, p->shape, q->shape, out, limit, &count);
                }
            }
        }
    }

    // 6. huge shapes against every other shape (huge ones once per pair)
    for (size_t h = 0; h < nhuge; h++) {
        const BpItem *g = &bp->items[bp->huge[h]];
        looks += (long long)m;
        if (looks > looks_budget) {
            bp->stopped = true;
            goto done;
        }
        for (size_t k = 0; k < m; k++) {
            const BpItem *it = &bp->items[k];
            bool other_huge = it->x1 < it->x0;
            if ((!other_huge || (size_t)bp->huge[h] < k) && bp_overlap(&g->box, &it->box)) {
                if (bp->candidates >= budget) {
                    bp->stopped = true;
                    goto done;
                }
                bp->candidates++;
                bp_emit(shapes, bp->hulls, hit, g->shape, it->shape, out, limit, &count);
            }
        }
    }
done:
    return count > (size_t)INT_MAX ? INT_MAX : (int)count;
}

long long broadphase_candidates(const Broadphase *bp)
{
    return bp != NULL ? bp->candidates : 0;
}

int broadphase_debug_bucket(const Broadphase *bp, int bucket, int *entries, int *candidates)
{
    if (bp == NULL || bp->buckets == 0) {
        return 0;
    }
    if (bucket >= 0 && (size_t)bucket < bp->buckets) {
        size_t lo = bp->start[bucket];
        size_t hi = bp->start[bucket + 1];
        int taken = 0;
        for (size_t j = lo; j + 1 < hi; j++) {
            for (size_t k = j + 1; k < hi; k++) {
                taken += bp_take(&bp->entries[j], &bp->entries[k]);
            }
        }
        if (entries != NULL) {
            *entries = (int)(hi - lo);
        }
        if (candidates != NULL) {
            *candidates = taken;
        }
    }
    return bp->buckets > (size_t)INT_MAX ? INT_MAX : (int)bp->buckets;
}
