/*
 * example_lesson_list.h - the lab's list of lessons and one line more: how
 * tests/example_lesson.c is registered in the test build
 * (-DLESSON_LIST='"example_lesson_list.h"'). A real lesson's line goes at
 * the end of src/app/lesson_list.h itself.
 */
#include "lesson_list.h"
LESSON(lesson_example)
