/*
 * shape_numbers.h - each shape's number on the canvas, as the text names
 * it ("rectangle 3" in the HUD is shape index 2, drawn "3").
 */
#ifndef SHAPE_NUMBERS_H
#define SHAPE_NUMBERS_H

#include "app.h"

/* Shapes the HUD can name (the selected one, the pairs it lists) get their
 * number drawn: every shape of a world of at most SHAPE_NUMBERS_ALL, else
 * the selected shape and the shapes of the pairs listed (a world over 200
 * shapes, lesson 9, is named nowhere: none). Placed after the lesson's own
 * labels by the label placer, so they never cover one (where it finds
 * no free place the number is left out); text size follows
 * the text scale; on a backdrop that reads on any fill and in both themes;
 * kept to the part of the shape that is on screen under zoom. */
#define SHAPE_NUMBERS_ALL 12
void draw_shape_numbers(const App *app, Canvas *c);
/* Whether draw_shape_numbers numbers shape i (for the tests). */
bool shape_number_wanted(const App *app, int i);

#endif
