/*
 * peers_chipmunk.c - Chipmunk 7 as a peer of the narrow-phase benchmark.
 *
 * C-callable (see common.h). Every shape gets its own static body placed at
 * the shape's centre and angle, and its world data cached (cpShapeCacheBB),
 * all before timing; the timed functions only loop. Chipmunk computes in
 * double precision (cpFloat) and decides poly pairs with GJK + EPA.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L   /* clock_gettime, in common.h */
#endif
#include <stdlib.h>

#include <chipmunk/chipmunk.h>

#include "common.h"

struct CpPairs {
    int n;
    cpShape **a, **b;   /* the shapes, each on its own static body */
    cpBB *boxA, *boxB;  /* their cached bounding boxes */
};

/* One of our shapes on a new static body, or NULL if out of memory. */
static cpShape *cppairs_convert(const Shape *s)
{
    cpBody *body = cpBodyNewStatic();
    cpShape *shape = NULL;
    if (body == NULL) {
        return NULL;
    }
    if (s->kind == SHAPE_CIRCLE) {
        cpBodySetPosition(body, cpv(s->circle.center.x, s->circle.center.y));
        shape = cpCircleShapeNew(body, s->circle.radius, cpvzero);
    } else if (s->kind == SHAPE_RECT) {
        /* Chipmunk turns a body the same way: (x, y) -> (c x - s y, s x + c y). */
        cpBodySetPosition(body, cpv(s->rect.center.x, s->rect.center.y));
        cpBodySetAngle(body, s->rect.angle);
        shape = cpBoxShapeNew(body, 2.0 * s->rect.half.x, 2.0 * s->rect.half.y, 0.0);
    } else {
        /* The polygon around its vertex mean; cpPolyShapeNew takes the hull. */
        cpVect mean = cpvzero;
        cpVect local[POLY_MAX_VERTS];
        int count = s->poly.count;
        for (int i = 0; i < count; ++i) {
            mean = cpvadd(mean, cpv(s->poly.verts[i].x, s->poly.verts[i].y));
        }
        mean = cpvmult(mean, 1.0 / (double)count);
        for (int i = 0; i < count; ++i) {
            local[i] = cpvsub(cpv(s->poly.verts[i].x, s->poly.verts[i].y), mean);
        }
        cpBodySetPosition(body, mean);
        shape = cpPolyShapeNew(body, count, local, cpTransformIdentity, 0.0);
    }
    if (shape == NULL) {
        cpBodyFree(body);
        return NULL;
    }
    cpShapeCacheBB(shape);
    return shape;
}

static void cppairs_free_shape(cpShape *shape)
{
    if (shape != NULL) {
        cpBody *body = cpShapeGetBody(shape);
        cpShapeFree(shape);
        cpBodyFree(body);
    }
}

CpPairs *cppairs_build(const Shape *a, const Shape *b, int n)
{
    CpPairs *set = calloc(1, sizeof *set);
    if (set == NULL || n <= 0) {
        free(set);
        return NULL;
    }
    set->n = n;
    set->a = calloc((size_t)n, sizeof *set->a);
    set->b = calloc((size_t)n, sizeof *set->b);
    set->boxA = calloc((size_t)n, sizeof *set->boxA);
    set->boxB = calloc((size_t)n, sizeof *set->boxB);
    if (set->a == NULL || set->b == NULL || set->boxA == NULL || set->boxB == NULL) {
        cppairs_free(set);
        return NULL;
    }
    /* Allocated in pair order, so a pair's shapes sit near each other. */
    for (int i = 0; i < n; ++i) {
        set->a[i] = cppairs_convert(&a[i]);
        set->b[i] = cppairs_convert(&b[i]);
        if (set->a[i] == NULL || set->b[i] == NULL) {
            cppairs_free(set);
            return NULL;
        }
        set->boxA[i] = cpShapeGetBB(set->a[i]);
        set->boxB[i] = cpShapeGetBB(set->b[i]);
    }
    return set;
}

void cppairs_free(CpPairs *set)
{
    if (set == NULL) {
        return;
    }
    for (int i = 0; i < set->n; ++i) {
        if (set->a != NULL) {
            cppairs_free_shape(set->a[i]);
        }
        if (set->b != NULL) {
            cppairs_free_shape(set->b[i]);
        }
    }
    free(set->a);
    free(set->b);
    free(set->boxA);
    free(set->boxB);
    free(set);
}

long cppairs_collide(const CpPairs *set)
{
    long hits = 0;
    for (int i = 0; i < set->n; ++i) {
        cpContactPointSet points = cpShapesCollide(set->a[i], set->b[i]);
        hits += points.count > 0 ? 1 : 0;
    }
    return hits;
}

long cppairs_bb_intersects(const CpPairs *set)
{
    long hits = 0;
    for (int i = 0; i < set->n; ++i) {
        hits += cpBBIntersects(set->boxA[i], set->boxB[i]) ? 1 : 0;
    }
    return hits;
}
