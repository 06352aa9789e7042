/*
 * canvas_size.h - the logical canvas everything is laid out on: 1280x720
 * units, which the window scales to its size (aspect kept).
 */
#ifndef CANVAS_SIZE_H
#define CANVAS_SIZE_H

#define CANVAS_W 1280.0f
#define CANVAS_H 720.0f

#endif
