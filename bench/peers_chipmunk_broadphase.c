/*
 * peers_chipmunk_broadphase.c - Chipmunk 7's cpSpace as a peer of the
 * broad-phase benchmark (bench/bench_broadphase.c), C-callable.
 *
 * Every shape is on its own kinematic body, made once. Each tick the bodies
 * are placed (cpBodySetPosition, cpBodySetAngle) and re-indexed
 * (cpSpaceReindexShapesForBody), then every shape asks cpSpaceShapeQuery for
 * the shapes it touches and a pair is counted once (the other's index is
 * larger). The space's index is its default bounding-box tree or, with
 * use_hash, cpSpaceUseSpatialHash (cell edge `cell`, 10 buckets per shape,
 * as Chipmunk's documentation suggests). Chipmunk's narrow phase always
 * builds contact points, in double precision, and a pair just touching
 * counts as no contact there, so it can find a few pairs fewer than ours.
 */
#include <stdint.h>
#include <stdlib.h>

#include <chipmunk/chipmunk.h>

#include "collide.h"

/* The same layout as Body in bench_broadphase.c. */
typedef struct BpBody {
    Vec2 pos, vel;
    float angle, spin;
} BpBody;

typedef struct BpChipmunk {
    int n;
    cpSpace *space;
    cpBody **bodies;
    cpShape **shapes;
} BpChipmunk;

typedef struct BpCpQuery {
    intptr_t self;
    int pairs;
} BpCpQuery;

static void bp_chipmunk_hit(cpShape *other, cpContactPointSet *points, void *data)
{
    BpCpQuery *q = data;
    (void)points;
    if ((intptr_t)cpShapeGetUserData(other) > q->self) {
        q->pairs++;
    }
}

void bp_chipmunk_destroy(void *p);

void *bp_chipmunk_create(const Shape *local, int n, const BpBody *bodies, int use_hash, float cell)
{
    BpChipmunk *peer = calloc(1, sizeof *peer);
    if (peer == NULL) {
        return NULL;
    }
    peer->n = n;
    peer->space = cpSpaceNew();
    peer->bodies = calloc((size_t)n, sizeof(cpBody *));
    peer->shapes = calloc((size_t)n, sizeof(cpShape *));
    if (peer->space == NULL || peer->bodies == NULL || peer->shapes == NULL) {
        bp_chipmunk_destroy(peer);
        return NULL;
    }
    if (use_hash) {
        cpSpaceUseSpatialHash(peer->space, cell, 10 * n);
    }
    for (int i = 0; i < n; i++) {
        const Shape *s = &local[i];
        cpBody *body = cpSpaceAddBody(peer->space, cpBodyNewKinematic());
        cpShape *shape = NULL;
        cpBodySetPosition(body, cpv(bodies[i].pos.x, bodies[i].pos.y));
        cpBodySetAngle(body, bodies[i].angle);
        if (s->kind == SHAPE_CIRCLE) {
            shape = cpCircleShapeNew(body, s->circle.radius, cpvzero);
        } else if (s->kind == SHAPE_RECT) {
            shape = cpBoxShapeNew(body, 2.0 * s->rect.half.x, 2.0 * s->rect.half.y, 0.0);
        } else {
            cpVect v[POLY_MAX_VERTS];
            for (int k = 0; k < s->poly.count; k++) {
                v[k] = cpv(s->poly.verts[k].x, s->poly.verts[k].y);
            }
            shape = cpPolyShapeNew(body, s->poly.count, v, cpTransformIdentity, 0.0);
        }
        cpShapeSetUserData(shape, (cpDataPointer)(intptr_t)i);
        cpSpaceAddShape(peer->space, shape);
        peer->bodies[i] = body;
        peer->shapes[i] = shape;
    }
    return peer;
}

int bp_chipmunk_tick(void *p, const BpBody *bodies, int n)
{
    BpChipmunk *peer = p;
    // 1. place and re-index
    for (int i = 0; i < n; i++) {
        cpBodySetPosition(peer->bodies[i], cpv(bodies[i].pos.x, bodies[i].pos.y));
        cpBodySetAngle(peer->bodies[i], bodies[i].angle);
        cpSpaceReindexShapesForBody(peer->space, peer->bodies[i]);
    }
    // 2. one query per shape, each pair counted once
    BpCpQuery q = {0, 0};
    for (int i = 0; i < n; i++) {
        q.self = i;
        cpSpaceShapeQuery(peer->space, peer->shapes[i], bp_chipmunk_hit, &q);
    }
    return q.pairs;
}

void bp_chipmunk_destroy(void *p)
{
    BpChipmunk *peer = p;
    if (peer == NULL) {
        return;
    }
    for (int i = 0; i < peer->n && peer->shapes != NULL; i++) {
        if (peer->shapes[i] != NULL) {
            cpSpaceRemoveShape(peer->space, peer->shapes[i]);
            cpShapeFree(peer->shapes[i]);
        }
    }
    for (int i = 0; i < peer->n && peer->bodies != NULL; i++) {
        if (peer->bodies[i] != NULL) {
            cpSpaceRemoveBody(peer->space, peer->bodies[i]);
            cpBodyFree(peer->bodies[i]);
        }
    }
    if (peer->space != NULL) {
        cpSpaceFree(peer->space);
    }
    free(peer->bodies);
    free(peer->shapes);
    free(peer);
}
