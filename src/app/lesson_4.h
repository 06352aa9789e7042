/*
 * lesson_4.h - where lesson 4 draws its shadows (canvas px), for the tests
 * that check what is drawn beside them (tests/test_app_glance.c).
 */
#ifndef LESSON_4_H
#define LESSON_4_H

#define LESSON4_AXIS_Y 610.0f   /* the x axis, above the bottom panels */
#define LESSON4_AXIS_X 36.0f    /* the y axis, along the left edge */
#define LESSON4_BAR_OFF 15.0f   /* A's shadow this far before the axis (above, left), B's after it:
                                 * a label level with each fits between them */

#endif
