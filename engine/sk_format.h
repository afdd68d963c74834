/*
** sk_format.h -- reading and writing puzzles.
**
** Three formats:
**   line        81 characters, '1'..'9' givens, '.' or '0' blanks; text after
**               the 81 characters (separated by whitespace) is kept.
**   grid        9 lines of 9 digits separated by single spaces, '0' = blank,
**               puzzles separated by a blank line (the classic assignment).
**               '.' is read as a blank too; blanks after the ninth digit of a
**               row are allowed.
**   candidates  729 characters: character r*81 + c*9 + d-1 is the digit d
**               when d is a candidate of (r,c) ('.' or '0' otherwise).  As in
**               SudokuExplainer / HoDoKu pencilmark strings, a cell with a
**               single candidate is read as solved (values[] holds its digit,
**               cand[] still its one candidate) -- unless its eight blanks
**               are all '0': then it is an unsolved cell with one candidate
**               left.  sk_write_candidates writes a solved cell as its
**               digit with '.' blanks and an unsolved single as its digit
**               with '0' blanks, so a state it wrote reads back the same.
**               sk_puzzle_grid drops a solved cell's digit from its peers.
**               A cell with no candidate is an empty cell (a contradiction).
**   library     HoDoKu's library line (engine/sk_reglib.h), a line starting
**               with ':': ":code:cands:givens:deleted:elims:placements:extra"
**               read as the grid it describes -- its values placed, then the
**               deleted candidates removed; a '+' value is placed, not
**               given (sk_puzzle_grid leaves it out of sk_grid.givens).  The
**               other fields are read again from raw with sk_libline_parse.
** Blank lines and lines starting with '#' are skipped.  The reader detects
** the format of each puzzle from its first line: "d d ..." (a digit, then a
** blank) starts a grid, ':' a library line, else a token of 729 characters
** is candidates and anything else is read as the line format.  CRLF line ends, a UTF-8 BOM at
** the start and a last line without newline are fine.  Lines longer than
** 64 KiB are rejected (memory stays bounded on hostile input).
** Malformed puzzles come back with ok == 0 and a message; the reader then
** goes on with the next puzzle (after a bad grid: from the next blank line).
*/
#ifndef SK_FORMAT_H
#define SK_FORMAT_H

#include <stdio.h>
#include "sk_grid.h"

typedef enum { SK_FMT_LINE = 0, SK_FMT_GRID, SK_FMT_CANDIDATES, SK_FMT_LIBRARY } sk_format;

/* One puzzle as read.  On a malformed puzzle, ok == 0 and error says why;
** the reader has moved past it so the next call continues. */
typedef struct sk_puzzle {
  long index;                 /* 1-based ordinal of the puzzle in the input */
  long line;                  /* 1-based line where it starts */
  sk_format format;
  int ok;
  char error[160];            /* "puzzles.txt:12: expected 81 characters, got 80"
                              ** (sk_parse_line: the message alone) */
  uint8_t values[SK_CELLS];   /* givens (0 = empty) */
  int has_cand;               /* candidates, library: cand[] is meaningful */
  sk_mask cand[SK_CELLS];
  sk_bits placed;             /* library: cells whose value is placed, not given */
  char *raw;                  /* line, candidates: the whole input line, without
                              ** newline; grid: the digits of its rows as one
                              ** line; bad grid row: that row (owned) */
  char *extra;                /* text after the puzzle on its line, or "" (owned) */
  const char *source;         /* the input's name, for messages (the reader's; valid
                              ** while it is open); "" for sk_parse_line */
  int dups_unchecked;         /* ok, but equal givens in a house not looked for
                              ** yet (sk_reader_defer_dups): see sk_puzzle_dups */
} sk_puzzle;
/* Ownership: sk_reader_next and sk_parse_line allocate raw and extra anew
** for each puzzle (one block for both, also for a malformed puzzle); free
** them with sk_puzzle_free before the struct is filled again. */

typedef struct sk_reader sk_reader;

/* name is used in messages ("-" or "<stdin>" for standard input).  The
** reader reads with getc_unlocked: no other thread may use f meanwhile. */
sk_reader *sk_reader_open(FILE *f, const char *name);
/* Force one format instead of detecting it (grid mode for `-s`). */
void sk_reader_force(sk_reader *r, sk_format fmt);
/* Leave the check for equal givens in a house of a line-format puzzle
** (values only) to the caller, who has a faster one: the solver finds
** them too, as a puzzle without solution.  Such a puzzle comes back ok
** with dups_unchecked set; the caller runs sk_puzzle_dups on it before
** taking it as read when it needs to know (no solution found). */
void sk_reader_defer_dups(sk_reader *r);
/* The deferred check of p (nothing when p->dups_unchecked is 0): on a
** clash p becomes the malformed puzzle the reader would have returned,
** with the same message.  1 when it did. */
int sk_puzzle_dups(sk_puzzle *p);
/* 1 = a puzzle (check p->ok), 0 = end of input, -1 = read error (errno;
** p then owns nothing).  p is overwritten whole: free the previous one. */
int sk_reader_next(sk_reader *r, sk_puzzle *p);
const char *sk_reader_name(const sk_reader *r);
void sk_reader_close(sk_reader *r);          /* does not fclose the FILE */
void sk_puzzle_free(sk_puzzle *p);           /* frees raw/extra, keeps the struct */

/* Parse one 81-character (or 729-character) string, optionally followed by
** blanks and extra text; trailing CR/LF is ignored.  0 ok, else -1 and the
** message in p->error.  Free p with sk_puzzle_free either way. */
int sk_parse_line(const char *s, sk_puzzle *p);
/* The same for a counted string, which may hold NUL bytes (Lua, fuzzers). */
int sk_parse_text(const char *s, size_t len, sk_puzzle *p);

/* Make a grid from a parsed puzzle: values, or candidates when given.
** Returns -1 with *conflict_cell set if two equal givens share a house
** (-1 in *conflict_cell when p is not ok). */
int sk_puzzle_grid(const sk_puzzle *p, sk_grid *g, int *conflict_cell);

/* Writers.  They append to a buffer and return the number of bytes
** written; buf must have room: 82 (line, with '\n'), 162 (grid: nine
** lines, the caller adds the blank line between grids), 730 (candidates,
** with '\n'). */
size_t sk_write_line(char *buf, const uint8_t v[SK_CELLS], char blank);
size_t sk_write_grid(char *buf, const uint8_t v[SK_CELLS]);
size_t sk_write_candidates(char *buf, const sk_grid *g);

/* An elapsed time as serate's %e writes it, truncated, never rounded:
** "S.CCs" below a minute, then "MmSSs", "HhMMm", "DdHHh".  buf has room
** for 24 bytes; returns the length. */
size_t sk_write_elapsed(char *buf, double seconds);

#endif
