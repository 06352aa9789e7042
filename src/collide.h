/*
 * collide.h - Collision Lab's collision module.
 *
 * Plain C11: no SDL, no allocation, no global state. Using it needs only
 * <stdbool.h> and <math.h>; link build/libcollide.a (make lib) and -lm.
 *
 * Overview
 *   - Types: Vec2, Circle, Rect (centre, half extents, angle), Poly (convex,
 *     3..POLY_MAX_VERTS vertices), Shape (a tagged union of the three) and
 *     Contact (the minimum translation vector).
 *   - The course's pair tests, one per idea, all yes/no:
 *       collide_circle_circle        centre distance against r1 + r2, squared
 *       collide_circle_aabb_regions  far zone / edge band / corner (Pythagoras)
 *       collide_circle_aabb_clamp    clamp the centre into the box, compare
 *       collide_aabb_aabb            x intervals overlap and y intervals overlap
 *       collide_circle_rect          rotate the centre by -angle, then clamp
 *       collide_rect_rect            separating axis test on 4 axes
 *       collide_circle_poly          separating axis test: edge normals plus
 *                                    the axis towards the nearest vertex
 *       collide_poly_poly            separating axis test on the edge normals
 *   - shapes_collide: one dispatcher for all nine kind pairs, with the
 *     minimum translation vector.
 *   - Beside the contract: prepared shapes (shape_prepare once per shape,
 *     prepared_collide per pair: shapes_collide's answers to the bit, with
 *     each shape's axes computed once instead of per call).
 *   - Beside the contract: what the lab's lessons draw (corners, projections,
 *     closest points, the region a circle is in, a per-axis SAT report).
 *
 * Conventions
 *   - Coordinates are screen pixels; y grows down. Angles are radians; a
 *     positive angle turns clockwise on screen (x towards y).
 *   - Shapes are closed: touching counts as colliding, in every function.
 *   - A zero radius or half extent is allowed: the shape is a point or a
 *     segment and is tested as one.
 *   - Bad input (NaN or infinity in a field the test uses, a negative radius
 *     or half extent, a Poly count outside 3..POLY_MAX_VERTS, an unknown kind,
 *     a NULL shape) gives false and leaves every output untouched.
 *   - The working range (COLLIDE_MAX_COORD below): a coordinate, radius or
 *     half extent beyond +-1e8 px is bad input too.
 */
#ifndef COLLIDE_H
#define COLLIDE_H

#include <stdbool.h>
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Types (fixed: programs outside the lab rely on them) -------------- */

/// A point or a direction, in pixels.
typedef struct Vec2 { float x, y; } Vec2;

/// A disc: every point within `radius` of `center` (radius >= 0).
typedef struct Circle { Vec2 center; float radius; } Circle;

/// A rectangle turned by `angle` radians about its centre. `half` holds half
/// the width and half the height (>= 0). The corner at local offset (lx, ly)
/// lies at center + (lx*cos(angle) - ly*sin(angle), lx*sin(angle) + ly*cos(angle)).
typedef struct Rect { Vec2 center; Vec2 half; float angle; } Rect;

#define POLY_MAX_VERTS 8
/// A convex polygon: 3..POLY_MAX_VERTS vertices, either winding, no two
/// consecutive vertices equal. Slots past `count` are never read.
typedef struct Poly { int count; Vec2 verts[POLY_MAX_VERTS]; } Poly;

typedef enum ShapeKind { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_POLY } ShapeKind;

/// Any one shape: `kind` says which member of the union is in use.
typedef struct Shape {
    ShapeKind kind;
    union { Circle circle; Rect rect; Poly poly; };
} Shape;

/// The minimum translation: `normal` is a unit vector pointing from shape a
/// towards shape b; moving b by `depth` (>= 0) along `normal` leaves the two
/// just touching, and no shorter move in any direction separates them.
typedef struct Contact { Vec2 normal; float depth; } Contact;

/* ---- The course's pair tests (fixed: programs outside the lab use them) -- */

bool collide_circle_circle(Circle a, Circle b);
/// Three-part method: far zone ruled out, edge band accepted, corner decided
/// by Pythagoras. r.angle is ignored.
bool collide_circle_aabb_regions(Circle c, Rect r);
/// Closest-point method: clamp the centre into the box. r.angle is ignored.
bool collide_circle_aabb_clamp(Circle c, Rect r);
/// Interval overlap on x and on y. Angles are ignored.
bool collide_aabb_aabb(Rect a, Rect b);
/// Any angle: the circle's centre is turned by -angle about r's centre, then
/// the axis-aligned test decides.
bool collide_circle_rect(Circle c, Rect r);
/// Any angles: separating axis test on the 4 axes of the two rectangles.
bool collide_rect_rect(Rect a, Rect b);
bool collide_circle_poly(Circle c, const Poly *p);
/// Separating axis test on the edge normals of both polygons.
bool collide_poly_poly(const Poly *a, const Poly *b);
/// All nine kind pairs. Where they collide and `contact` is not NULL, fills
/// the minimum translation (see Contact). Otherwise `contact` is untouched.
bool shapes_collide(const Shape *a, const Shape *b, Contact *contact);

/* ---- Beside the contract: the working range ---------------------------- */

/// The largest |coordinate|, radius and half extent the module accepts
/// (bound included). The tests square differences of coordinates and
/// multiply squares together (|d|^2 against r^2 |n|^2): beyond about 1e9 px
/// those products overflow float (a point at x = -2e38 would touch one at
/// +1.7e38), so larger values count as bad input, like NaN and infinity.
/// The same compare rejects those, so the check costs nothing extra. The
/// lab's canvas is 1280x720; 1e8 leaves room for any scene.
#define COLLIDE_MAX_COORD 1e8f

/// Precision: results are exact to float rounding. For pixel-sized values
/// that is far below a pixel; in general, shapes_collide may count as
/// touching two shapes apart by up to COLLIDE_REL_TOLERANCE times the
/// largest |coordinate| + extent involved, plus COLLIDE_ABS_TOLERANCE
/// (tests with a circle scale lengths under a pixel up exactly first, so
/// that no square underflows and two distinct points never touch; the
/// polygon and rectangle pairs multiply only two lengths, which round to
/// zero below about 1e-22 px). It never
/// counts as touching two shapes whose boxes (shape_aabb) are apart by more
/// than that: shape_aabb_padded grows a box by exactly that slack, and the
/// broad phase uses it so that it finds every pair shapes_collide accepts.
#define COLLIDE_REL_TOLERANCE 4e-6f
#define COLLIDE_ABS_TOLERANCE 1e-12f

/* ---- Beside the contract: what the lessons draw ------------------------ */

/// A closed interval [min, max] on a line.
typedef struct Interval { float min, max; } Interval;

/// An axis-aligned bounding box.
typedef struct Aabb { Vec2 min, max; } Aabb;

/// True when every field the shape uses is within the working range
/// (|value| <= COLLIDE_MAX_COORD, so finite; an angle need only be finite),
/// sizes are >= 0, a Poly's count is in range and the kind is known. NULL is
/// not valid. Exactly the shapes shapes_collide does not reject outright.
bool shape_is_valid(const Shape *s);

/// The rectangle's corners in order (-hx,-hy), (hx,-hy), (hx,hy), (-hx,hy)
/// in its own frame (clockwise on screen for angle 0).
void rect_corners(Rect r, Vec2 out[4]);
/// The rectangle as a 4-vertex polygon (its corners, as rect_corners).
Poly poly_from_rect(Rect r);
/// The area centroid of a polygon (the vertex mean if its area is zero).
Vec2 poly_centroid(const Poly *p);
/// Signed area: positive when the vertices turn clockwise on screen (y down).
float poly_signed_area(const Poly *p);
/// True for a valid Poly that is convex: every turn the same way (collinear
/// vertices allowed), no consecutive duplicates, non-zero area, no self
/// crossing.
bool poly_is_convex(const Poly *p);

/// The shape projected onto `axis` (dot products with `axis`; a unit axis
/// gives pixels). A bad shape gives {0, 0}.
Interval shape_project(const Shape *s, Vec2 axis);
/// The tightest axis-aligned box around the shape. A bad shape gives a box
/// with min > max, which overlaps nothing.
Aabb shape_aabb(const Shape *s);
/// shape_aabb grown on every side by the rounding slack (see
/// COLLIDE_REL_TOLERANCE): two shapes whose padded boxes do not overlap do
/// not collide. A bad shape gives the same empty box as shape_aabb.
Aabb shape_aabb_padded(const Shape *s);
/// `box` grown on every side by the rounding slack, as shape_aabb_padded
/// grows shape_aabb (for a caller that wants both boxes). An empty box
/// (min > max) stays as it is.
Aabb aabb_pad(Aabb box);
/// The centre of a circle or rectangle, the centroid of a polygon.
Vec2 shape_center(const Shape *s);

/// The point `p` turned by `angle` radians about `pivot`.
Vec2 vec2_rotate_about(Vec2 p, Vec2 pivot, float angle);
/// The point of the box (any angle) closest to `p`; `p` itself when inside.
Vec2 rect_closest_point(Rect r, Vec2 p);
/// `r.angle` is ignored: the point of the axis-aligned box closest to `p`.
Vec2 aabb_closest_point(Rect r, Vec2 p);
/// The point of the polygon (boundary or inside) closest to `p`.
Vec2 poly_closest_point(const Poly *poly, Vec2 p);

/// Which part of the three-part method decided.
typedef enum RegionPart {
    REGION_FAR = 1,    /* part 1: |dx| > w/2 + r or |dy| > h/2 + r: no collision */
    REGION_EDGE = 2,   /* part 2: |dx| <= w/2 or |dy| <= h/2: collision */
    REGION_CORNER = 3  /* part 3: Pythagoras on the corner offsets decides */
} RegionPart;

/// What the three-part method saw, for drawing and for the HUD.
typedef struct RegionReport {
    RegionPart part;   /* the part that decided */
    bool hit;          /* the verdict */
    float adx, ady;    /* |dx|, |dy|: circle centre from box centre */
    float cx, cy;      /* |dx| - w/2, |dy| - h/2 (corner offsets; part 3) */
} RegionReport;

/// collide_circle_aabb_regions, reporting how it decided. `out` may be NULL;
/// on bad input it is untouched.
bool collide_circle_aabb_regions_report(Circle c, Rect r, RegionReport *out);

/// What the closest-point (clamp) method saw, for drawing and for the HUD.
typedef struct ClampReport {
    Vec2 local;          /* the circle's centre relative to the box centre, in
                            the box's frame (turned by -angle) */
    Vec2 closest_local;  /* that point clamped into [-half, half] */
    Vec2 closest;        /* the closest point of the box, in the world */
    float dist;          /* from the centre to the closest point (0 inside) */
    bool hit;            /* the verdict: dist <= radius, as compared squared */
} ClampReport;

/// collide_circle_aabb_clamp, reporting what it computed (the very code of
/// the yes/no test). `out` may be NULL; on bad input it is untouched.
bool collide_circle_aabb_clamp_report(Circle c, Rect r, ClampReport *out);
/// collide_circle_rect, likewise: the centre turned into the rectangle's
/// frame, clamped there, and the clamped point turned back.
bool collide_circle_rect_report(Circle c, Rect r, ClampReport *out);

/// Where a SAT axis came from.
typedef enum SatAxisSource {
    SAT_FROM_A = 0,        /* an edge normal of shape a */
    SAT_FROM_B = 1,        /* an edge normal of shape b */
    SAT_FROM_CIRCLE = 2    /* circle centre towards the nearest vertex */
} SatAxisSource;

/* Each polygon: one axis per edge, and one more when it is flat (its own
   direction) or a single point; a circle adds one. */
#define SAT_MAX_AXES (2 * POLY_MAX_VERTS + 2)

/// One axis of a separating axis test: both shapes projected onto it.
typedef struct SatAxis {
    Vec2 axis;             /* unit length */
    Interval a, b;         /* the projections of shape a and shape b */
    float overlap;         /* the test's own measure: the shorter way b leaves
                              a along the axis, min(a.max - b.min, b.max - a.min)
                              (the overlap of the intervals unless one holds
                              the other); < 0 is a gap, its width negated */
    SatAxisSource source;
    int edge;              /* edge index in its shape (edge i runs from vertex
                              i to i+1; a rectangle's edges as rect_corners),
                              or the vertex index for SAT_FROM_CIRCLE */
} SatAxis;

/// Every axis a separating axis test looks at, in order, with its verdict.
typedef struct SatReport {
    int count;             /* axes in `axes` */
    SatAxis axes[SAT_MAX_AXES];
    int separating;        /* index of the first axis with a gap, or -1 */
    int min_axis;          /* index of the axis of least overlap (the MTV), or -1 */
    bool hit;              /* no separating axis: the shapes collide */
    Contact contact;       /* valid when hit: as shapes_collide fills it */
} SatReport;

/// The separating axis test written out axis by axis, for the lessons: the
/// very test shapes_collide runs, with its recorder switched on, so the
/// verdict and the contact are shapes_collide's to the bit. Works for rect
/// and poly pairs (each rectangle gives its 2 distinct axes, each polygon
/// one axis per edge, a flat polygon one more for its direction) and for a
/// circle against a rect or poly (the polygon's axes, then the axis towards
/// the nearest vertex). A circle-circle pair gets the single axis through
/// both centres. Returns false and leaves `out` untouched on bad input;
/// otherwise fills `out` and returns true.
bool sat_report(const Shape *a, const Shape *b, SatReport *out);

/* ---- Beside the contract: prepared shapes (cached axes) ----------------- */

/// A rotation as its cosine and sine: turning (x, y) gives
/// (c*x - s*y, s*x + c*y).
typedef struct CollideRot { float c, s; } CollideRot;

/// Axes a hull can have: one per edge, and one more for a flat polygon.
#define SHAPE_HULL_MAX_AXES (POLY_MAX_VERTS + 1)

/// What the separating axis tests read of a rectangle or polygon, computed
/// once (as Box2D's b2Polygon and cute_c2's c2Poly keep it): the vertices
/// relative to a local origin, the unit outward edge normals and how far
/// the hull reaches along each. Built by shape_prepare; the fields are the
/// module's, described in src/hull.h: read them if you like, never write.
typedef struct ShapeHull {
    Vec2 origin;                     /* world point the rest is relative to (a
                                        rectangle's centre, a polygon's vertex
                                        mean) */
    Vec2 v[POLY_MAX_VERTS];          /* vertices, in the caller's order */
    Vec2 n[SHAPE_HULL_MAX_AXES];     /* unit outward axes */
    float hi[SHAPE_HULL_MAX_AXES];   /* how far the hull reaches along axis k */
    float lo[SHAPE_HULL_MAX_AXES];   /* and back (rectangle and flat axes) */
    float back_lb, back_ub;          /* bounds of every edge normal's far end */
    int count;                       /* vertices */
    int axis_count;                  /* axes in n */
    bool is_rect;                    /* from a Rect: q and half are set */
    bool corners;                    /* v holds the vertices */
    bool point;                      /* every vertex equal */
    bool reversed;                   /* clockwise as given: normals negated */
    bool backs;                      /* lo[k] holds edge k's far end too
                                        (shape_prepare: hull_cache_backs) */
    int flat_edge;                   /* a flat polygon: the edge along it */
    CollideRot q;                    /* rectangle: its rotation */
    Vec2 half;                       /* rectangle: its half extents */
} ShapeHull;

/// A shape with its axes computed once, for a program that tests each
/// shape against many others (a physics step, a broad phase's pairs):
/// shape_prepare once per shape per change, then prepared_collide per pair,
/// which reads cached unit normals instead of building them per call (a
/// rectangle's cos/sin and a polygon's normals, origin and winding). No
/// allocation: it lives wherever the caller keeps it.
typedef struct PreparedShape {
    bool valid;                      /* shape_is_valid(&shape) (first: a
                                        circle pair reads one cache line a
                                        shape) */
    Shape shape;                     /* a copy of the shape prepared */
    ShapeHull hull;                  /* a rectangle's or polygon's hull (a
                                        circle has none: zeroed) */
} PreparedShape;

/// Prepares `s` into `out` and returns whether `s` is valid (section 1's
/// bad input, as shape_is_valid). A bad or NULL shape is prepared as
/// invalid (collides with nothing); a NULL `out` gives false. Prepare again
/// after any change to the shape: `out` keeps a copy, not a reference.
bool shape_prepare(const Shape *s, PreparedShape *out);

/// shapes_collide(&a->shape, &b->shape, contact), to the bit (the same
/// tests on the same hulls), without building anything: the verdict, and
/// on a hit the minimum translation from a towards b. An invalid or NULL
/// prepared shape gives false; `contact` is then untouched, as on a miss.
bool prepared_collide(const PreparedShape *a, const PreparedShape *b, Contact *contact);

/* ---- Ray casts and swept circles ---------------------------------------- */

/// Where a segment first meets a shape: `fraction` in [0, 1] along it,
/// `point` = origin + fraction * translation, `normal` the unit outward
/// normal of the shape there.
typedef struct RayHit { float fraction; Vec2 point; Vec2 normal; } RayHit;

/// When a moving circle first touches a shape: `toi` in [0, 1] of its
/// motion, `point` the contact point then, `normal` unit, from the shape
/// towards the circle.
typedef struct SweepHit { float toi; Vec2 point; Vec2 normal; } SweepHit;

/// The segment from `origin` to `origin + translation` against `s`: true when
/// it meets the shape, and then `hit` (may be NULL) gets the first point.
/// Circles: the quadratic; rectangles (any angle): the slab method in the
/// rectangle's frame; polygons: the segment clipped by every edge's
/// half-plane. An origin inside or on `s` hits at fraction 0, normal minus
/// the unit direction. A zero translation is a point test (inside: the
/// normal is the shortest way out, as shapes_collide's contact for a point).
/// Bad input (a bad shape, a NaN or infinite origin or translation, |origin|
/// beyond COLLIDE_MAX_COORD or |translation| beyond twice it) gives false
/// and leaves `hit` untouched. A flat polygon (no vertex turns by more than
/// rounding) is tested as its thin bounding box along its longest edge.
bool ray_cast_shape(const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit);

/// The circle `c` moving from c.center to c.center + motion against `s`:
/// the ray cast of its centre against `s` grown by the radius (edges pushed
/// out, a circle of the radius at every vertex: the Minkowski sum of `s` and
/// the circle). True when it touches `s` on the way; `hit` (may be NULL)
/// gets the first moment. Touching or overlapping at the start (as
/// shapes_collide decides): toi 0 and the normal of shapes_collide's contact
/// (circle, s) reversed; the point is then on s's boundary, where that
/// contact pushes. Bad input as ray_cast_shape (`c` as section 1).
bool sweep_circle_shape(Circle c, Vec2 motion, const Shape *s, SweepHit *hit);

/* ---- Beside the contract: how a ray cast went, for the lessons ---------- */

/// What an edge's half-plane does to the line origin + t * translation.
typedef enum RayEdgeRole {
    RAY_EDGE_ENTERS = 0,       /* crosses the edge's line going in: t is a lower bound */
    RAY_EDGE_EXITS = 1,        /* going out: t is an upper bound */
    RAY_EDGE_PARALLEL_IN = 2,  /* parallel to the edge, on its inner side: no bound */
    RAY_EDGE_PARALLEL_OUT = 3  /* parallel, outside: the line misses the shape */
} RayEdgeRole;

/// One polygon edge (edge i runs from vertex i to i+1): where the line
/// crosses its line (fraction t, any sign; 0 when parallel) and what it does.
typedef struct RayEdge { float t; RayEdgeRole role; } RayEdge;

/// One slab of the slab method: the band between two opposite sides of a
/// box, in the box's frame. The line is inside it for t in [t_enter, t_exit].
/// Parallel to the slab: t_enter = -INFINITY, t_exit = +INFINITY when inside
/// the band, t_enter = +INFINITY, t_exit = -INFINITY when outside.
typedef struct RaySlab {
    float t_enter, t_exit;
    bool parallel;
    int enter_edge;            /* the side crossed at t_enter, as a rectangle's
                                  edge (rect_corners order: 0 top, 1 right,
                                  2 bottom, 3 left in its frame), -1 parallel */
} RaySlab;

/// Everything one ray cast computed. Fractions are along the whole line
/// origin + t * translation, unclipped (t outside [0, 1] is off the segment).
typedef struct RayRecord {
    ShapeKind kind;            /* which part below is filled */
    bool point_test;           /* zero translation */
    bool inside;               /* the origin is inside or on the shape: fraction 0 */
    bool hit;                  /* the verdict */
    float t_enter, t_exit;     /* the line is inside the shape for t in [t_enter,
                                  t_exit]; t_enter > t_exit: the line misses it */
    int feature;               /* the edge crossed at t_enter (a rectangle's as
                                  RaySlab.enter_edge, a polygon's edge index),
                                  -1 for circles, flat polygons and misses */
    /* SHAPE_CIRCLE: the quadratic |origin + t * translation - centre| = radius */
    float disc;                /* radius^2 - (the line's distance to the centre)^2,
                                  px^2: < 0, no real root (the line misses) */
    float root0, root1;        /* the roots, root0 <= root1 (when disc >= 0) */
    /* SHAPE_RECT, and a flat polygon: the slab method in the box's frame */
    Vec2 box_center;           /* the box tested: its centre, */
    Vec2 box_axis;             /* its local x axis (unit: cos, sin of the angle), */
    Vec2 box_half;             /* its half extents */
    Vec2 local_origin;         /* the ray in that frame */
    Vec2 local_translation;
    RaySlab slabs[2];          /* [0]: |x| <= half.x, [1]: |y| <= half.y */
    /* SHAPE_POLY: one half-plane per edge */
    bool flat;                 /* no clear turn: tested as its thin box along its
                                  longest edge (slabs above) */
    int edge_count;
    RayEdge edges[POLY_MAX_VERTS];
} RayRecord;

/// ray_cast_shape, recording how it decided in `rec` (may be NULL; untouched
/// on bad input). Same verdict and hit, always.
bool ray_cast_shape_record(const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit,
                           RayRecord *rec);

/// Which part of the grown shape a swept circle touched first.
typedef enum SweepFeature {
    SWEEP_MISS = 0,            /* no touch on the way */
    SWEEP_START = 1,           /* touching or overlapping at the start: toi 0 */
    SWEEP_CIRCLE = 2,          /* s is a circle: the circle of both radii summed */
    SWEEP_EDGE = 3,            /* an edge pushed out by the radius (index: the edge) */
    SWEEP_VERTEX = 4           /* the circle of the radius about a vertex (index) */
} SweepFeature;

/// Everything one sweep computed.
typedef struct SweepRecord {
    SweepFeature feature;
    int index;                 /* the edge or vertex (a rectangle's as
                                  rect_corners), -1 otherwise */
    RayRecord grown;           /* the centre's ray against the grown shape's
                                  straight part: a circle of radius r + R; the
                                  rectangle's box grown by r (slabs); the
                                  polygon with its edges pushed out by r (a
                                  flat one: its thin box grown by r) */
    bool vertex_tested;        /* the ray went on to a vertex circle: */
    Vec2 vertex;               /* its centre (radius: the moving circle's), */
    RayRecord vertex_ray;      /* and its quadratic */
} SweepRecord;

/// sweep_circle_shape, recording how it decided in `rec` (may be NULL;
/// untouched on bad input). Same verdict and hit, always.
bool sweep_circle_shape_record(Circle c, Vec2 motion, const Shape *s, SweepHit *hit,
                               SweepRecord *rec);

/* ---- Beyond overlap: the distance between two shapes (GJK) -------------- */

/// How far apart two shapes are. `distance` >= 0;
/// `point_a` on shape a and `point_b` on shape b are the closest points, so
/// |point_b - point_a| = distance. Overlapping or touching: distance 0 and
/// both points equal one common point. `iterations`: support-point searches
/// GJK made (0 for two circles: nothing to search).
typedef struct Distance { float distance; Vec2 point_a, point_b; int iterations; } Distance;

/// GJK on the Minkowski difference A - B: circles are their centre plus the
/// radius, rectangles and polygons the hulls of their corners. The distance
/// is 0 exactly when shapes_collide(a, b, NULL) holds (GJK's verdict, checked
/// with shapes_collide only when it is within rounding of touching); shapes
/// apart by less than rounding get FLT_MIN. Bad input (section 1): false,
/// `out` untouched; otherwise true. `out` may be NULL.
bool shapes_distance(const Shape *a, const Shape *b, Distance *out);

/// At most this many support-point searches; then GJK stops where it is.
#define GJK_MAX_ITERATIONS 20

/// One point of a GJK simplex: a point of A - B and the shape points it
/// comes from. World coordinates.
typedef struct GjkVertex {
    Vec2 a;            /* the support point on shape a */
    Vec2 b;            /* the support point on shape b */
    Vec2 w;            /* a - b: a point of the Minkowski difference A - B */
    int index_a;       /* its vertex in a: circle 0, rectangle as rect_corners, poly's index */
    int index_b;       /* the same in b */
} GjkVertex;

/// Why GJK stopped.
typedef enum GjkStop {
    GJK_STOP_POINTS = 1,       /* both shapes are circles: A - B is one point (and a radius) */
    GJK_STOP_ENCLOSED = 2,     /* the simplex is a triangle around the origin: overlap */
    GJK_STOP_ON_ORIGIN = 3,    /* the simplex touches the origin (within rounding) */
    GJK_STOP_DUPLICATE = 4,    /* the support point is already in the simplex: done */
    GJK_STOP_NO_PROGRESS = 5,  /* the support point gets no nearer the origin: done */
    GJK_STOP_MAX_ITERATIONS = 6
} GjkStop;

/// One GJK step: the simplex reduced to the part nearest the origin, that
/// nearest point, the direction searched next (towards the origin) and the
/// support point found there.
typedef struct GjkStep {
    int count;                 /* simplex points, 1..3 (a point, a segment, a triangle) */
    GjkVertex simplex[3];
    float weight[3];           /* barycentric weights of `closest` (sum 1) */
    Vec2 closest;              /* the simplex's point nearest the origin (A - B space) */
    bool searched;             /* a support point was searched in this step */
    Vec2 direction;            /* where it was searched (not unit; valid when searched) */
    GjkVertex support;         /* what was found: the farthest point of A - B along
                                  `direction` (valid when searched) */
} GjkStep;

/// Every step of one shapes_distance run, for the lessons to replay.
typedef struct GjkRecord {
    int count;                 /* steps in `steps` (1..GJK_MAX_ITERATIONS + 1) */
    GjkStep steps[GJK_MAX_ITERATIONS + 1];
    Vec2 first_direction;      /* where the first simplex point was searched: from a's
                                  centre towards b's (zero for two circles: no search) */
    GjkStop stop;              /* why the last step ended the search */
    float radius_a, radius_b;  /* circle radii (0 for rectangles and polygons): A - B is
                                  the hull of the simplex points grown by their sum */
    bool overlap;              /* the verdict: distance 0 (equals shapes_collide) */
    bool checked;              /* GJK's verdict was within rounding, shapes_collide decided */
    Distance result;           /* what shapes_distance gives */
} GjkRecord;

/// shapes_distance, recording every step in `rec` (may be NULL; untouched
/// on bad input). shapes_distance is this with rec = NULL.
bool shapes_distance_record(const Shape *a, const Shape *b, Distance *out, GjkRecord *rec);

/// Room for the hull of a Minkowski difference of two module shapes.
#define MINKOWSKI_MAX_VERTS (2 * POLY_MAX_VERTS)

/// The Minkowski difference A - B for drawing: the convex hull of every
/// vertex difference a_i - b_j (a circle counts as its centre), in `out`,
/// turning as rect_corners (clockwise on screen, poly_signed_area > 0),
/// collinear points dropped; `*radius` (may be NULL) gets the sum of the
/// circle radii, by which the hull is grown (rounded corners). Returns the
/// vertex count: 1 (a point), 2 (a segment) or up to MINKOWSKI_MAX_VERTS;
/// 0 on bad input, with `out` and `*radius` untouched. The shapes overlap
/// exactly when the origin lies in the grown hull.
int minkowski_hull(const Shape *a, const Shape *b, Vec2 out[MINKOWSKI_MAX_VERTS], float *radius);

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE_H */
