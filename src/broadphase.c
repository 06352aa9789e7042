/*
 * broadphase.c - every colliding pair among many shapes: a uniform grid (its
 * cells in an array, or a hash table when the shapes are spread thinly),
 * rebuilt each call, then shapes_collide on the candidates.
 *
 * The idea
 *   1. Each valid shape's AABB (shape_aabb's box, checked and computed in
 *      one inline pass), grown by the narrow phase's rounding slack (bp_pad):
 *      shapes_collide may say yes to shapes a few ulps apart, and the pairs
 *      must be exactly its. A bad shape takes no part.
 *   2. Cell edge = 2 x the median shape extent (before padding; points left
 *      out when they are the majority), the median read from a histogram of
 *      the extents' float bits (one pass, within 25 %, and a few giant shapes
 *      cannot blow it up as they would a mean).
 *   3. Each shape goes into every cell its box covers: a counting sort of
 *      (shape, cell) entries into buckets, the box copied in (as min x,
 *      min y, -max x, -max y: one packed compare tests an overlap) so the
 *      pair loop reads memory in order. When the cells the shapes span are
 *      at most 4 per entry (shapes filling a scene or a world, the common
 *      case) the buckets are the cells themselves, row by row (the direct
 *      grid): no hash, no two cells in one bucket, and the pair loop walks
 *      the space in order, so the shapes and hulls it reads were mostly
 *      read a moment ago. Else (a few clusters far apart) a power-of-two
 *      hash table (load <= 2).
 *   4. In each bucket, two entries of the same cell whose boxes overlap are a
 *      candidate. Two overlapping boxes share several cells; the pair is
 *      taken only in the first, the cell of (max min x, max min y), which is
 *      where one of them starts its column and one starts its row: no
 *      duplicates and no set to check them against. A candidate's prepared
 *      hulls are built the first time one is needed in the call (most shapes
 *      of a sparse scene need none), stored one after another in that order
 *      (the grid's, not the caller's: neighbours sit together in memory);
 *      the contact, when asked for, comes from the same narrow phase
 *      (broadphase_collide_contacts). The pairs come out in the grid's
 *      order: the same shapes give the same list, whatever the Broadphase
 *      did before.
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
 *   Instructions per tick (callgrind, make bench-callgrind-broadphase: the
 *   stable figure while the machine is shared; wall times there vary 2x):
 *
 *                              before       inline boxes, lazy hulls,   the box test
 *                                           packed box test, load <= 2  first
 *     sparse 10,000             11.6 M          9.2 M                   9.0 M
 *     sparse 50,000             57.8 M         46.5 M                  45.1 M
 *     dense  10,000             43.4 M         37.9 M                  35.9 M
 *     dense  50,000              917 M          809 M                   759 M
 *
 *   Cell factors 1.5 and 3 against 2 (callgrind): sparse 10,000 9.45 and
 *   9.16 M, dense 10,000 37.3 and 40.2 M; a table load of <= 1 or <= 4
 *   costs 1-2 % more than <= 2.
 *
 *   Later, with the real narrow phase (prepared hulls): 44.7 M per tick at
 *   sparse 50,000 and 8.88 M at 10,000, 35.0 M at dense 10,000. perf's
 *   cpu-clock samples then showed where the time went, which instruction
 *   counts do not: the first read of each candidate's shape (the caller's
 *   order, random in space: a cache miss each) was a third of it, and the
 *   scatter of the entries much of the rest. Now: the direct grid (step 3)
 *   walks space row by row and stores the hulls in that order; the pair
 *   loop batches 32 candidates and prefetches their shapes (the narrow
 *   phase takes them in the order found, so the output is the same); cells
 *   four at a time and a polygon's box two vertices at a time (SSE2); a
 *   rectangle's cos/sin made once for its box and hull. Sparse 50,000:
 *   40.3 M instructions, (our samples / the bench's untimed scene_place's)
 *   18.1 -> 13.6; sparse 10,000 7.98 M; dense 10,000 35.2 M (the
 *   prefetches cost a little where nearly every candidate is a pair).
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
/* The grid is direct (one bucket per cell, no hash) when it has at most this
 * many cells per entry. */
#define BP_DIRECT_CELLS 4
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

/* One shape in one cell, 32 bytes. The box is kept as (min x, min y,
 * -max x, -max y): boxes p and q overlap when each of these four of q's is
 * <= the same one of p's (max x, max y, -min x, -min y) (bp_reach), one
 * packed compare where SSE is there. */
typedef struct BpEntry {
    float lo[4];             /* min x, min y, -max x, -max y */
    uint64_t cell;           /* the cell (cx, cy) as one key */
    int shape;
    uint32_t first;          /* bit 0: cx is the shape's first column (x0),
                                bit 1: cy its first row (y0) */
} BpEntry;

#if defined(__SSE2__) && (defined(__x86_64__) || defined(__SSE_MATH__))
#include <emmintrin.h>
#define BP_SSE2 1
#else
#define BP_SSE2 0
#endif
#if defined(__SSE__) && (defined(__x86_64__) || defined(__SSE_MATH__))
#define BP_SSE 1
typedef __m128 BpReach;
#else
#define BP_SSE 0
typedef struct BpReach { float v[4]; } BpReach;
#endif

struct Broadphase {
    BpItem *items;   size_t item_cap;
    int *huge;       size_t huge_cap;   /* indices into items */
    BpEntry *entries; size_t entry_cap;
    uint32_t *start; size_t start_cap;  /* bucket b holds entries [start[b], start[b+1]) */
    Hull *hulls;     size_t hull_cap;   /* the prepared hulls (rect, poly) built in this call,
                                           in the order first needed */
    int32_t *slot;   size_t slot_cap;   /* per shape index: its hull in hulls, -1: none yet */
    int32_t nslots;                     /* hulls built in this call */
    Rot *rot;        size_t rot_cap;    /* per shape index: a rectangle's cos/sin, made
                                           once for its box and its hull */
    long long candidates;               /* pairs given to the narrow phase by the last call */
    size_t buckets;                     /* the last call's hash table size (0: none built) */
    long long budget;                   /* at most this many per call (0: no limit) */
    bool stopped;                       /* the last call hit the budget */
    BroadphaseRecord *rec;              /* NULL: nothing recorded (broadphase_set_record) */
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
        free(bp->slot);
        free(bp->rot);
        free(bp);
    }
}

/* ---- helpers ----------------------------------------------------------- */

/* The cell of coordinate v. Monotone in v (clamping included), so the cell of
 * max(a, b) is the max of the cells: the pair rule below relies on it. */
static inline int bp_cell(float v, float inv)
{
    float t = v * inv;
    /* clamped first (the limits are whole numbers, so clamping and flooring
       commute), NaN from 0 * inf to the low end */
    t = t > -BP_CELL_LIMIT ? t : -BP_CELL_LIMIT;
    t = t < BP_CELL_LIMIT ? t : BP_CELL_LIMIT;
    /* floor without a libm call (floorf is one without SSE4.1): the
       conversion truncates towards zero, one less below a negative
       fraction. Past 2^23 every float is whole, so (float)c is exact
       wherever the compare can be true. */
    int c = (int)t;
    return c - (t < (float)c);
}

/* Where the cells go: one bucket per cell, row by row, when the grid's
 * extent (of the shapes that are not huge) is small against the entries
 * (direct); else a hash of the cell into a power-of-two table. */
typedef struct BpTable {
    bool direct;
    int shift;            /* hash: 32 - log2(buckets) */
    int x0, y0;           /* direct: the first column and row */
    size_t width;         /* direct: columns */
} BpTable;

static inline size_t bp_bucket(const BpTable *t, int cx, int cy)
{
    size_t b;
    if (t->direct) {
        b = (size_t)(uint32_t)(cy - t->y0) * t->width + (size_t)(uint32_t)(cx - t->x0);
    } else {
        uint32_t h = (uint32_t)cx * 0x9E3779B1u ^ (uint32_t)cy * 0x85EBCA77u;
        b = h >> t->shift;
    }
    return b;
}

/* The cells of a box (x0, y0, x1, y1 as bp_cell gives them) into out. */
static inline void bp_cells(const BpBox *box, float inv, int out[4])
{
#if BP_SSE2
    /* bp_cell four at a time: max, min and the truncation treat NaN and the
       limits as the scalar code does (maxps gives its second operand for a
       NaN) */
    __m128 t = _mm_mul_ps(_mm_loadu_ps(&box->minx), _mm_set1_ps(inv));
    t = _mm_max_ps(t, _mm_set1_ps(-BP_CELL_LIMIT));
    t = _mm_min_ps(t, _mm_set1_ps(BP_CELL_LIMIT));
    __m128i c = _mm_cvttps_epi32(t);
    __m128i below = _mm_castps_si128(_mm_cmplt_ps(t, _mm_cvtepi32_ps(c)));
    _mm_storeu_si128((__m128i *)(void *)out, _mm_add_epi32(c, below));
#else
    out[0] = bp_cell(box->minx, inv);
    out[1] = bp_cell(box->miny, inv);
    out[2] = bp_cell(box->maxx, inv);
    out[3] = bp_cell(box->maxy, inv);
#endif
}

static inline uint64_t bp_key(int cx, int cy)
{
    return (uint64_t)(uint32_t)cx << 32 | (uint32_t)cy;
}

/* What p's box reaches: (max x, max y, -min x, -min y), from its entry. */
static inline BpReach bp_reach(const BpEntry *p)
{
#if BP_SSE
    __m128 lo = _mm_loadu_ps(p->lo);
    return _mm_xor_ps(_mm_shuffle_ps(lo, lo, _MM_SHUFFLE(1, 0, 3, 2)), _mm_set1_ps(-0.0f));
#else
    BpReach r = { { -p->lo[2], -p->lo[3], -p->lo[0], -p->lo[1] } };
    return r;
#endif
}

/* q's box meets the box whose reach is r (closed boxes: touching counts). */
static inline bool bp_meets(BpReach r, const BpEntry *q)
{
#if BP_SSE
    return _mm_movemask_ps(_mm_cmple_ps(_mm_loadu_ps(q->lo), r)) == 0xF;
#else
    return (q->lo[0] <= r.v[0]) & (q->lo[1] <= r.v[1]) & (q->lo[2] <= r.v[2]) & (q->lo[3] <= r.v[3]);
#endif
}

/* Step 5's rule: p and q (entries of one bucket, r = bp_reach(p)) are a
 * candidate in this cell: the boxes overlap (one packed compare, most often
 * false: looked at first), in the same cell, the first the two share. */
static inline bool bp_take(const BpEntry *p, BpReach r, const BpEntry *q)
{
    return bp_meets(r, q) && ((p->cell == q->cell) & ((p->first | q->first) == 3u));
}

static inline bool bp_overlap(const BpBox *a, const BpBox *b)
{
    return a->minx <= b->maxx && b->minx <= a->maxx &&
           a->miny <= b->maxy && b->miny <= a->maxy;
}

/* Shape i's prepared hull (rect, poly), built the first time a candidate
 * needs it in this call: a shape whose box meets no other costs none. The
 * hulls are stored in the order they are first needed, which is the grid's
 * order (row by row when the grid is direct): hulls used together sit
 * together in memory, whatever the caller's order of the shapes. */
static inline const Hull *bp_hull(Broadphase *bp, const Shape *shapes, int i)
{
    int32_t k = bp->slot[i];
    if (k < 0) {
        k = bp->nslots++;
        bp->slot[i] = k;
        if (shapes[i].kind == SHAPE_RECT) {
            hull_from_rect_rot(&bp->hulls[k], shapes[i].rect, bp->rot[i]);
        } else {
            hull_from_poly(&bp->hulls[k], &shapes[i].poly);
        }
    }
    return &bp->hulls[k];
}

/* What one call writes besides the count. */
typedef struct BpOut {
    ShapePair *pairs;
    Contact *contacts;   /* NULL: none wanted */
    bool *hit;
    size_t max_out;
    size_t count;
} BpOut;

/* The narrow phase on one candidate; counts every hit, writes the first
 * max_out of them (with their contact, when asked). */
static inline void bp_emit(Broadphase *bp, const Shape *shapes, int i, int j, BpOut *o)
{
    int a = i < j ? i : j;
    int b = i < j ? j : i;
    const Shape *sa = &shapes[a];
    const Shape *sb = &shapes[b];
    Contact c = { { 0.0f, 0.0f }, 0.0f };
    bool want = o->contacts != NULL && o->count < o->max_out;
    /* both valid (step 1); a circle's hull is not read. The contact is
       shapes_collide's to the bit: for a rectangle both read the same frame
       (hull_rect_frame: centre, rot_make's cos/sin, half extents) with the
       same closed forms (sat_circle_box, sat_rects, sat_upright_rects),
       for a polygon the same hull (test_contacts checks every kind) */
    const Hull *ha = sa->kind != SHAPE_CIRCLE ? bp_hull(bp, shapes, a) : NULL;
    const Hull *hb = sb->kind != SHAPE_CIRCLE ? bp_hull(bp, shapes, b) : NULL;
    bool hit = shapes_collide_hulls(sa, ha, sb, hb, false, want ? &c : NULL);
    if (hit) {
        if (o->hit != NULL) {
            o->hit[a] = true;
            o->hit[b] = true;
        }
        if (o->count < o->max_out) {
            o->pairs[o->count].a = a;
            o->pairs[o->count].b = b;
            if (want) {
                o->contacts[o->count] = c;
            }
        }
        o->count += 1;
    }
    if (bp->rec != NULL && (a == bp->rec->watch || b == bp->rec->watch)) {
        BroadphaseRecord *r = bp->rec;
        if (r->cands != NULL && r->watch_cands < r->cands_cap) {
            r->cands[r->watch_cands].other = a == r->watch ? b : a;
            r->cands[r->watch_cands].hit = hit;
        }
        r->watch_cands += 1;
    }
}

/* Step 5's candidates wait in a batch of this many, their shapes fetched
 * from memory meanwhile (the caller's order is not the grid's: each shape
 * read is a cache miss, which the batch overlaps instead of waiting for each
 * in turn). The narrow phase then takes them in the order found. */
#define BP_BATCH 32

typedef struct BpBatch {
    int n;
    int i[BP_BATCH], j[BP_BATCH];
} BpBatch;

#if BP_SSE
#define BP_PREFETCH(p) _mm_prefetch((const char *)(const void *)(p), _MM_HINT_T0)
#elif defined(__GNUC__)
#define BP_PREFETCH(p) __builtin_prefetch(p)
#else
#define BP_PREFETCH(p) ((void)(p))
#endif

/* Starts loading what the narrow phase reads of shape i: the shape (its
 * first and last byte: it may straddle two cache lines) and its hull slot. */
static inline void bp_prefetch(const Broadphase *bp, const Shape *shapes, int i)
{
    const char *s = (const char *)(shapes + i);
    BP_PREFETCH(s);
    BP_PREFETCH(s + sizeof(Shape) - 1);
    BP_PREFETCH(bp->slot + i);
}

static inline void bp_flush(Broadphase *bp, const Shape *shapes, BpBatch *batch, BpOut *o)
{
    for (int k = 0; k < batch->n; k++) {
        bp_emit(bp, shapes, batch->i[k], batch->j[k], o);
    }
    batch->n = 0;
}

/* Shape s's box (as shape_aabb gives it), or false when it is bad input
 * (exactly where shape_ok is false): the checks and the box in one pass. */
static inline bool bp_shape_box(const Shape *s, Aabb *box, Rot *rot)
{
    bool ok = false;
    switch (s->kind) {
    case SHAPE_CIRCLE: {
        Circle c = s->circle;
        ok = circle_ok(c);
        box->min = vec2_make(c.center.x - c.radius, c.center.y - c.radius);
        box->max = vec2_make(c.center.x + c.radius, c.center.y + c.radius);
    } break;
    case SHAPE_RECT: {
        ok = rect_ok(s->rect);
        if (ok) {
            // half extents of the turned box: |cos|, |sin| weigh hx and hy
            Rot q = rot_make(s->rect.angle);
            *rot = q;
            float ac = float_abs(q.c);
            float as = float_abs(q.s);
            Vec2 e = { s->rect.half.x * ac + s->rect.half.y * as, s->rect.half.x * as + s->rect.half.y * ac };
            box->min = vec2_sub(s->rect.center, e);
            box->max = vec2_add(s->rect.center, e);
        }
    } break;
    case SHAPE_POLY: {
        int count = s->poly.count;
        ok = count >= 3 && count <= POLY_MAX_VERTS;
        if (ok) {
            const Vec2 *v = s->poly.verts;
#if BP_SSE2
            /* two vertices (x, y, x, y) at a time, the last one twice for
               an odd count; no slot past count is read. The bounds are the
               scalar loop's (only a -0/+0 tie may differ, which the padding
               erases); a NaN fails the range test either way */
            __m128 sign = _mm_set1_ps(-0.0f);
            __m128 range = _mm_set1_ps(COLLIDE_MAX_COORD);
            __m128 p = _mm_loadu_ps(&v[0].x);
            __m128 lo = p;
            __m128 hi = p;
            __m128 out = _mm_cmpnle_ps(_mm_andnot_ps(sign, p), range);
            int k = 2;
            for (; k + 1 < count; k += 2) {
                p = _mm_loadu_ps(&v[k].x);
                lo = _mm_min_ps(lo, p);
                hi = _mm_max_ps(hi, p);
                out = _mm_or_ps(out, _mm_cmpnle_ps(_mm_andnot_ps(sign, p), range));
            }
            if (k < count) {
                p = _mm_castpd_ps(_mm_load1_pd((const double *)(const void *)&v[k]));
                lo = _mm_min_ps(lo, p);
                hi = _mm_max_ps(hi, p);
                out = _mm_or_ps(out, _mm_cmpnle_ps(_mm_andnot_ps(sign, p), range));
            }
            lo = _mm_min_ps(lo, _mm_movehl_ps(lo, lo));
            hi = _mm_max_ps(hi, _mm_movehl_ps(hi, hi));
            float b[4];
            _mm_storel_pi((__m64 *)(void *)&b[0], lo);
            _mm_storel_pi((__m64 *)(void *)&b[2], hi);
            ok = _mm_movemask_ps(out) == 0;
            box->min = vec2_make(b[0], b[1]);
            box->max = vec2_make(b[2], b[3]);
#else
            float x0 = v[0].x, y0 = v[0].y, x1 = x0, y1 = y0;
            bool in = true;
            for (int k = 0; k < count; ++k) {
                in &= (float_abs(v[k].x) <= COLLIDE_MAX_COORD) & (float_abs(v[k].y) <= COLLIDE_MAX_COORD);
                x0 = float_min(x0, v[k].x);
                y0 = float_min(y0, v[k].y);
                x1 = float_max(x1, v[k].x);
                y1 = float_max(y1, v[k].y);
            }
            ok = in;
            box->min = vec2_make(x0, y0);
            box->max = vec2_make(x1, y1);
#endif
        }
    } break;
    default:
        break;
    }
    return ok;
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
        /* float_max, not fmaxf: a libm call each at -O2 (the box is finite) */
        float mag = float_max(float_max(fabsf(box.min.x), fabsf(box.max.x)), float_max(fabsf(box.min.y), fabsf(box.max.y)));
        float extent = float_max(box.max.x - box.min.x, box.max.y - box.min.y);
        float pad = COLLIDE_REL_TOLERANCE * extent + 4.0f * FLT_EPSILON * mag + COLLIDE_ABS_TOLERANCE;
        box.min.x -= pad;
        box.min.y -= pad;
        box.max.x += pad;
        box.max.y += pad;
    }
    return box;
}

/* ---- the record (broadphase_set_record) -------------------------------- */

/* What steps 2-4 built, into the record: the cell edge, the huge shapes,
 * the watched shape's cells and the table's entries' cells (table order). */
static void bp_record_grid(BroadphaseRecord *rec, const Broadphase *bp, size_t m, size_t nhuge, size_t nentries,
                           float cell)
{
    rec->grid = true;
    rec->cell = cell;
    rec->huge = nhuge > (size_t)INT_MAX ? INT_MAX : (int)nhuge;
    rec->entries = (long long)nentries;
    for (size_t k = 0; k < m && rec->watch >= 0; k++) {
        const BpItem *it = &bp->items[k];
        if (it->shape == rec->watch) {
            rec->watch_in_grid = it->x1 >= it->x0;   /* a huge one has no cells */
            rec->watch_x0 = it->x0;
            rec->watch_y0 = it->y0;
            rec->watch_x1 = it->x1;
            rec->watch_y1 = it->y1;
            break;
        }
    }
    size_t keep = rec->cells != NULL && rec->cells_cap > 0 ? (size_t)rec->cells_cap : 0;
    for (size_t e = 0; e < nentries && e < keep; e++) {
        uint64_t key = bp->entries[e].cell;
        rec->cells[e].cx = (int)(uint32_t)(key >> 32);
        rec->cells[e].cy = (int)(uint32_t)key;
    }
}

void broadphase_set_record(Broadphase *bp, BroadphaseRecord *rec)
{
    if (bp != NULL) {
        bp->rec = rec;
    }
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
    return broadphase_collide_contacts(bp, shapes, n, out, NULL, max_out, hit);
}

int broadphase_collide_contacts(Broadphase *bp, const Shape *shapes, int n, ShapePair *out,
                                Contact *contacts, int max_out, bool *hit)
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
    BroadphaseRecord *rec = bp->rec;
    if (rec != NULL) {
        rec->valid = rec->grid = rec->watch_in_grid = rec->stopped = false;
        rec->cell = 0.0f;
        rec->entries = rec->watch_cands = rec->candidates = 0;
        rec->huge = 0;
        rec->watch_x0 = rec->watch_y0 = 0;
        rec->watch_x1 = rec->watch_y1 = -1;
    }
    if (shapes == NULL || n <= 0) {
        if (rec != NULL) rec->valid = true;
        return 0;
    }
    BpOut o = { out, contacts, hit, (out != NULL && max_out > 0) ? (size_t)max_out : 0, 0 };
    BpBatch batch;
    batch.n = 0;
    if (!bp_reserve((void **)&bp->items, &bp->item_cap, (size_t)n, sizeof(BpItem)) ||
        !bp_reserve((void **)&bp->hulls, &bp->hull_cap, (size_t)n, sizeof(Hull)) ||
        !bp_reserve((void **)&bp->slot, &bp->slot_cap, (size_t)n, sizeof(int32_t)) ||
        !bp_reserve((void **)&bp->rot, &bp->rot_cap, (size_t)n, sizeof(Rot))) {
        return -1;
    }
    memset(bp->slot, 0xFF, (size_t)n * sizeof(int32_t));   /* -1: no hull yet */
    bp->nslots = 0;

    // 1. boxes of the valid shapes, and a histogram of their extents
    uint32_t hist[BP_HIST_SIZE];
    memset(hist, 0, sizeof hist);
    double pad_sum = 0.0;   /* the padding, both sides: large far from the origin */
    size_t m = 0;
    for (int i = 0; i < n; i++) {
        /* a bad shape's box has min > max (collide.h); and shapes_collide
           rejects it anyway, so no pair can come from it */
        Aabb raw;
        if (!bp_shape_box(&shapes[i], &raw, &bp->rot[i])) {
            continue;
        }
        Aabb a = bp_pad(raw);
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
        if (rec != NULL) rec->valid = true;
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
    int gx0 = INT_MAX, gy0 = INT_MAX, gx1 = INT_MIN, gy1 = INT_MIN;   /* the grid's extent */
    for (size_t k = 0; k < m; k++) {
        BpItem *it = &bp->items[k];
        int c[4];
        bp_cells(&it->box, inv, c);
        it->x0 = c[0];
        it->y0 = c[1];
        it->x1 = c[2];
        it->y1 = c[3];
        int64_t span = ((int64_t)it->x1 - it->x0 + 1) * ((int64_t)it->y1 - it->y0 + 1);
        if (span > BP_HUGE_CELLS) {
            if (!bp_reserve((void **)&bp->huge, &bp->huge_cap, nhuge + 1, sizeof(int))) {
                return -1;
            }
            bp->huge[nhuge++] = (int)k;
            it->x1 = it->x0 - 1;   /* marks it huge: no cells */
        } else {
            nentries += (size_t)span;
            gx0 = it->x0 < gx0 ? it->x0 : gx0;
            gy0 = it->y0 < gy0 ? it->y0 : gy0;
            gx1 = it->x1 > gx1 ? it->x1 : gx1;
            gy1 = it->y1 > gy1 ? it->y1 : gy1;
        }
    }

    // 4. counting sort of (shape, cell) entries into buckets: one per cell,
    //    row by row, when the grid has at most BP_DIRECT_CELLS cells an entry
    //    (the shapes fill the space they span: a scene, a world); else a hash
    //    table of a power-of-two size, at most 2 entries a bucket (shapes
    //    spread thinly, in clusters far apart)
    BpTable table = { false, 0, 0, 0, 0 };
    size_t nb = 0;
    int64_t area = nentries > 0 ? ((int64_t)gx1 - gx0 + 1) * ((int64_t)gy1 - gy0 + 1) : 0;
    if (nentries > 0 && area <= (int64_t)(BP_DIRECT_CELLS * nentries + 64) && area <= (int64_t)UINT32_MAX - 1) {
        table.direct = true;
        table.x0 = gx0;
        table.y0 = gy0;
        table.width = (size_t)((int64_t)gx1 - gx0 + 1);
        nb = (size_t)area;
    } else {
        int bits = 4;
        while (((size_t)2 << bits) < nentries && bits < 30) {
            bits++;
        }
        nb = (size_t)1 << bits;
        table.shift = 32 - bits;
    }
    /* bucket bounds are 32-bit: more entries than that (128 GB of them)
       could not be stored anyway */
    if (nentries > UINT32_MAX ||
        !bp_reserve((void **)&bp->entries, &bp->entry_cap, nentries, sizeof(BpEntry)) ||
        !bp_reserve((void **)&bp->start, &bp->start_cap, nb + 1, sizeof(uint32_t))) {
        return -1;
    }
    uint32_t *start = bp->start;
    memset(start, 0, (nb + 1) * sizeof(uint32_t));
    for (size_t k = 0; k < m; k++) {
        const BpItem *it = &bp->items[k];
        if (table.direct) {
            /* a row of the shape's cells is a run of buckets */
            size_t row = bp_bucket(&table, it->x0, it->y0);
            size_t w = (size_t)((int64_t)it->x1 - it->x0 + 1);   /* 0: huge */
            for (int cy = it->y0; cy <= it->y1 && w > 0; cy++, row += table.width) {
                for (size_t c = 0; c < w; c++) {
                    start[row + c] += 1;
                }
            }
        } else {
            for (int cy = it->y0; cy <= it->y1 && it->x1 >= it->x0; cy++) {
                for (int cx = it->x0; cx <= it->x1; cx++) {
                    start[bp_bucket(&table, cx, cy)] += 1;
                }
            }
        }
    }
    uint32_t sum = 0;
    for (size_t b = 0; b <= nb; b++) {
        sum += start[b];
        start[b] = sum;   /* the end of bucket b, for now */
    }
    for (size_t k = 0; k < m; k++) {
        const BpItem *it = &bp->items[k];
        BpEntry model;
        model.lo[0] = it->box.minx;
        model.lo[1] = it->box.miny;
        model.lo[2] = -it->box.maxx;
        model.lo[3] = -it->box.maxy;
        model.shape = it->shape;
        size_t row = table.direct ? bp_bucket(&table, it->x0, it->y0) : 0;
        for (int cy = it->y0; cy <= it->y1 && it->x1 >= it->x0; cy++, row += table.width) {
            uint32_t first_row = (uint32_t)(cy == it->y0) << 1;
            for (int cx = it->x0; cx <= it->x1; cx++) {
                size_t b = table.direct ? row + (size_t)(uint32_t)(cx - it->x0) : bp_bucket(&table, cx, cy);
                BpEntry *e = &bp->entries[--start[b]];
                *e = model;
                e->cell = bp_key(cx, cy);
                e->first = first_row | (uint32_t)(cx == it->x0);
            }
        }
    }
    /* now start[b] is the beginning of bucket b, start[nb] the total */
    bp->buckets = nb;
    if (rec != NULL) {
        bp_record_grid(rec, bp, m, nhuge, nentries, cell);
    }

    // 5. pairs within each cell. Two boxes that overlap share the cells of
    //    their overlap; the pair is taken only in the first of them (the cell
    //    of max(min x), max(min y)), where one of the two starts its column
    //    and one starts its row.
    for (size_t b = 0; b < nb; b++) {
        size_t end = start[b + 1];
        for (size_t j = start[b]; j + 1 < end; j++) {
            looks += (long long)(end - j - 1);
            if (looks > looks_budget) {
                bp->stopped = true;
                goto flush;
            }
            const BpEntry *p = &bp->entries[j];
            BpReach r = bp_reach(p);
            for (size_t k = j + 1; k < end; k++) {
                const BpEntry *q = &bp->entries[k];
                if (bp_take(p, r, q)) {
                    if (bp->candidates >= budget) {
                        bp->stopped = true;
                        goto flush;
                    }
                    bp->candidates++;
                    bp_prefetch(bp, shapes, p->shape);
                    bp_prefetch(bp, shapes, q->shape);
                    batch.i[batch.n] = p->shape;
                    batch.j[batch.n] = q->shape;
                    if (++batch.n == BP_BATCH) {
                        bp_flush(bp, shapes, &batch, &o);
                    }
                }
            }
        }
    }
flush:
    /* the batch's last candidates (after a budget stop too: every candidate
       counted goes to the narrow phase) */
    bp_flush(bp, shapes, &batch, &o);
    if (bp->stopped) {
        goto done;
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
                bp_emit(bp, shapes, g->shape, it->shape, &o);
            }
        }
    }
done:
    if (rec != NULL) {
        rec->valid = true;
        rec->candidates = bp->candidates;
        rec->stopped = bp->stopped;
    }
    return o.count > (size_t)INT_MAX ? INT_MAX : (int)o.count;
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
            BpReach r = bp_reach(&bp->entries[j]);
            for (size_t k = j + 1; k < hi; k++) {
                taken += bp_take(&bp->entries[j], r, &bp->entries[k]);
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
