/* The double-dummy solver's search, compiled: an exact port of `Solver._py_search` in
 * solver.py (with what it calls per node: solver_moves.py's groups, lead order and follow
 * order, solver_bounds.py's relative-rank keys and sure tricks, and the transposition table).
 *
 * Exact means: the same values, the same best cards stored in the table, and the same node
 * counts, so a bot whose budget is counted in nodes decides the same with either solver
 * (tests/ai/test_solver_compiled.py checks this on thousands of positions). The Python
 * driver (best, card_values, can_reach, card_reaches) stays in solver.py and calls `search`
 * for each null-window probe.
 *
 * Cards are ints (suit * 16 + rank, ranks 0..9); hands are 64-bit masks of them.
 * Plain C99 + the CPython API: builds with gcc, clang and MSVC.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(_MSC_VER)
#include <intrin.h>
#define INLINE static __inline
INLINE int bitlen(uint64_t x)
{
    unsigned long i;
    return _BitScanReverse64(&i, x) ? (int)i + 1 : 0;
}
INLINE int popc(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#else
#define INLINE static inline
INLINE int bitlen(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }
INLINE int popc(uint64_t x) { return __builtin_popcountll(x); }
#endif

#define FIVE 17 /* 5♥ */
#define THREE 0 /* 3♠ */
#define FIVE_BIT (1ULL << FIVE)
#define THREE_BIT (1ULL << THREE)
#define INF 1000
#define NOBODY (-1)
#define MAX_MOVES 40

/* --- transposition table: key -> (lower bound, upper bound, best lead) ------------------ */

typedef struct {
    uint64_t a, b; /* the key; b == 0 marks an empty slot (b always holds a set bit) */
    int16_t lo, hi;
    int8_t best;
} Entry;

typedef struct {
    PyObject_HEAD
    uint64_t h[4];
    int trump, out, players, team;
    long long nodes, node_limit;
    int aborted;
    PyObject *aborted_type; /* SearchAborted, raised past node_limit */
    Entry *table;
    size_t cap, used;
} Core;

INLINE uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t x = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return x;
}

static Entry *tt_find(Core *s, uint64_t a, uint64_t b)
{
    size_t mask = s->cap - 1;
    size_t i = (size_t)mix(a, b) & mask;
    for (;;) {
        Entry *e = &s->table[i];
        if (e->b == 0)
            return NULL;
        if (e->a == a && e->b == b)
            return e;
        i = (i + 1) & mask;
    }
}

static int tt_grow(Core *s)
{
    size_t old_cap = s->cap, i;
    Entry *old = s->table;
    size_t cap = old_cap ? old_cap * 2 : 4096;
    Entry *table = (Entry *)calloc(cap, sizeof(Entry));
    if (table == NULL)
        return -1;
    s->table = table;
    s->cap = cap;
    for (i = 0; i < old_cap; i++) {
        if (old[i].b != 0) {
            size_t j = (size_t)mix(old[i].a, old[i].b) & (cap - 1);
            while (table[j].b != 0)
                j = (j + 1) & (cap - 1);
            table[j] = old[i];
        }
    }
    free(old);
    return 0;
}

static int tt_store(Core *s, uint64_t a, uint64_t b, int lo, int hi, int best)
{
    size_t mask, i;
    if ((s->used + 1) * 2 > s->cap && tt_grow(s) < 0)
        return -1;
    mask = s->cap - 1;
    i = (size_t)mix(a, b) & mask;
    for (;;) {
        Entry *e = &s->table[i];
        if (e->b == 0) {
            e->a = a;
            e->b = b;
            s->used++;
            break;
        }
        if (e->a == a && e->b == b)
            break;
        i = (i + 1) & mask;
    }
    s->table[i].lo = (int16_t)lo;
    s->table[i].hi = (int16_t)hi;
    s->table[i].best = (int8_t)best;
    return 0;
}

/* --- keys and bounds (solver_bounds.py) ------------------------------------------------- */

/* suit_key: the suit's live cards low to high, each as its owner's seat (2 bits), and the
 * suit's length at bit 16 (OR-ed in, exactly as the Python does). */
INLINE uint32_t suit_key(const uint64_t *h, int sh)
{
    unsigned l0 = (unsigned)(h[0] >> sh) & 1023, l1 = (unsigned)(h[1] >> sh) & 1023;
    unsigned l2 = (unsigned)(h[2] >> sh) & 1023, l3 = (unsigned)(h[3] >> sh) & 1023;
    unsigned live = l0 | l1 | l2 | l3;
    uint32_t key = 0;
    int i = 0;
    while (live) {
        unsigned bit = live & (0u - live);
        uint32_t owner = (l0 & bit) ? 0 : (l1 & bit) ? 1 : (l2 & bit) ? 2 : 3;
        key |= owner << (2 * i);
        i++;
        live ^= bit;
    }
    return key | (uint32_t)i << 16;
}

static const uint64_t SUIT_MASK[4] = {0xFFFFULL, 0xFFFFULL << 16, 0xFFFFULL << 32,
                                      0xFFFFULL << 48};

INLINE int imin(int a, int b) { return a < b ? a : b; }
INLINE int imax(int a, int b) { return a > b ? a : b; }

static int quick_tricks(const uint64_t *h, int seat, int trump)
{
    uint64_t mine = h[seat];
    uint64_t opp_a = h[(seat + 1) & 3], opp_b = h[(seat + 3) & 3];
    uint64_t others = h[(seat + 2) & 3] | opp_a | opp_b;
    uint64_t tm = trump >= 0 ? SUIT_MASK[trump] : 0;
    uint64_t ruff_a = opp_a & tm, ruff_b = opp_b & tm;
    int total = 0, s;
    for (s = 0; s < 4; s++) {
        uint64_t sm = SUIT_MASK[s];
        uint64_t held = mine & sm;
        int k;
        if (!held)
            continue;
        k = popc(held >> bitlen(others & sm));
        if (k && sm != tm) {
            if (ruff_a)
                k = imin(k, popc(opp_a & sm));
            if (ruff_b)
                k = imin(k, popc(opp_b & sm));
        }
        total += k;
    }
    return imin(total, popc(mine));
}

static void sure_tricks(const uint64_t *h, int seat, int trump, int *lead_out, int *other_out)
{
    int lead = quick_tricks(h, seat, trump);
    int other = 0;
    if (trump >= 0) {
        int sh = 16 * trump;
        unsigned a = (unsigned)(h[seat] >> sh) & 1023;
        unsigned b = (unsigned)(h[(seat + 2) & 3] >> sh) & 1023;
        unsigned c = (unsigned)(h[(seat + 1) & 3] >> sh) & 1023;
        unsigned d = (unsigned)(h[(seat + 3) & 3] >> sh) & 1023;
        if (a | b) {
            int top = bitlen(c | d);
            lead = imax(lead, imax(popc(a >> top), popc(b >> top)));
        }
        if (c | d) {
            int top = bitlen(a | b);
            other = imax(popc(c >> top), popc(d >> top));
        }
    }
    *lead_out = lead;
    *other_out = other;
}

/* --- moves (solver_moves.py) ------------------------------------------------------------ */

/* One suit's representatives, high to low: a card touching the one above it (nothing live
 * between, neither a scoring card) stands for it, so the lowest of a run is kept. */
static int suit_groups(int sh, unsigned live, unsigned held, int *out)
{
    int n = 0, prev = -1;
    while (held) {
        int r = bitlen(held) - 1;
        int c = sh + r;
        held ^= 1u << r;
        if (prev >= 0 && c != THREE && c != FIVE && sh + prev != FIVE &&
            !(live & ((1u << prev) - (2u << r))))
            out[n - 1] = c;
        else
            out[n++] = c;
        prev = r;
    }
    return n;
}

static int all_groups(uint64_t hand, uint64_t live, int *out)
{
    int n = 0, sh;
    for (sh = 48; sh >= 0; sh -= 16) {
        unsigned held = (unsigned)(hand >> sh) & 1023;
        if (held)
            n += suit_groups(sh, (unsigned)(live >> sh) & 1023, held, out + n);
    }
    return n;
}

INLINE int lead_order(int c)
{
    return ((c == THREE || c == FIVE) << 12) | ((15 - (c & 15)) << 6) | (63 - c);
}

static void sort_by_keys(int *moves, int *keys, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        int k = keys[i], m = moves[i];
        for (j = i - 1; j >= 0 && keys[j] > k; j--) {
            keys[j + 1] = keys[j];
            moves[j + 1] = moves[j];
        }
        keys[j + 1] = k;
        moves[j + 1] = m;
    }
}

static void follow_order(int *moves, int n, int best, int ours, int last, int trump)
{
    int keys[MAX_MOVES];
    int bsuit = best >> 4, i;
    if (n <= 1)
        return;
    for (i = 0; i < n; i++) {
        int x = moves[i], xs = x >> 4, p;
        int wins = (xs == bsuit && x > best) || (xs == trump && bsuit != trump);
        if (x == FIVE)
            p = ((ours && !wins) || (wins && last)) ? 0 : 60;
        else if (x == THREE)
            p = (!ours && !wins) ? 0 : 60;
        else if (ours)
            p = 10 + (x & 15);
        else if (wins)
            p = 10 + (xs == trump ? 16 : 0) + (x & 15);
        else
            p = 40 + (x & 15);
        keys[i] = p << 8 | x;
    }
    sort_by_keys(moves, keys, n);
}

INLINE int winning_index(const int *cards, int n, int trump)
{
    int best = cards[0], best_i = 0, i;
    for (i = 1; i < n; i++) {
        int c = cards[i];
        if ((c >> 4 == best >> 4 && c > best) || (c >> 4 == trump && best >> 4 != trump)) {
            best = c;
            best_i = i;
        }
    }
    return best_i;
}

static int moves_of(Core *s, int seat, const int *cards, const int *seats, int n, int *out)
{
    const uint64_t *h = s->h;
    uint64_t hand = h[seat];
    uint64_t live = h[0] | h[1] | h[2] | h[3];
    int count, bi, best, ours, last, sh, i;
    unsigned held;
    if (n == 0) {
        int keys[MAX_MOVES];
        count = all_groups(hand, live, out);
        if (count <= 1)
            return count;
        for (i = 0; i < count; i++)
            keys[i] = lead_order(out[i]);
        sort_by_keys(out, keys, count);
        return count;
    }
    for (i = 0; i < n; i++)
        live |= 1ULL << cards[i];
    bi = winning_index(cards, n, s->trump);
    best = cards[bi];
    ours = ((seats[bi] ^ seat) & 1) == 0;
    last = n == s->players - 1;
    sh = cards[0] >> 4 << 4;
    held = (unsigned)(hand >> sh) & 1023;
    if (held)
        count = suit_groups(sh, (unsigned)(live >> sh) & 1023, held, out);
    else
        count = all_groups(hand, live, out);
    follow_order(out, count, best, ours, last, s->trump);
    return count;
}

/* --- the search -------------------------------------------------------------------------- */

static int last_trick(Core *s, int seat, int total)
{
    int cards[4], seats[4], i, st = seat, win;
    for (i = 0; i < s->players; i++) {
        int nxt;
        cards[i] = bitlen(s->h[st]) - 1;
        seats[i] = st;
        nxt = (st + 1) & 3;
        st = nxt == s->out ? (nxt + 1) & 3 : nxt;
    }
    win = seats[winning_index(cards, s->players, s->trump)];
    return (win & 1) == s->team ? total : 0;
}

/* Team `s->team`'s raw points from this node to the end of the hand. `cards` / `seats`
 * hold the trick in progress (n cards) and have room for 4. On an abort (node limit, or no
 * memory) `s->aborted` is set and the value means nothing. */
static int search(Core *s, int seat, int *cards, int *seats, int n, int alpha, int beta)
{
    uint64_t *h = s->h;
    uint64_t ka = 0, kb = 0, hand;
    int have_key = 0, have_entry = 0, olo = -INF, ohi = INF, first = -1;
    int a0, b0, maximize, best, best_card, closing, i, count;
    int moves[MAX_MOVES];
    int top = 0, top_seat = 0, top_suit = 0, points = 0, nxt = 0;
    const int team = s->team, trump = s->trump;

    s->nodes++;
    if (n == 0) {
        uint64_t live;
        int left, total, hi, lo, three, mine, theirs;
        Entry *e;
        if (s->node_limit > 0 && s->nodes > s->node_limit) {
            s->aborted = 1;
            return 0;
        }
        live = h[0] | h[1] | h[2] | h[3];
        if (!live)
            return 0;
        left = popc(h[seat]);
        total = left + ((live & FIVE_BIT) ? 5 : 0) - ((live & THREE_BIT) ? 3 : 0);
        if (left == 1)
            return last_trick(s, seat, total);
        hi = left + ((live & FIVE_BIT) ? 5 : 0);
        three = lo = (live & THREE_BIT) ? -3 : 0;
        sure_tricks(h, seat, trump, &mine, &theirs);
        if ((seat & 1) != team) {
            int t = mine;
            mine = theirs;
            theirs = t;
        }
        if (mine)
            lo = imax(lo, mine + three);
        if (theirs)
            hi = imin(hi, total - theirs - three);
        if (hi <= alpha)
            return hi;
        if (lo >= beta)
            return lo;
        {
            int flags = ((live & FIVE_BIT) ? 1 : 0) | ((live & THREE_BIT) ? 2 : 0);
            ka = (uint64_t)suit_key(h, 0) | (uint64_t)suit_key(h, 16) << 21 |
                 (uint64_t)suit_key(h, 32) << 42;
            kb = (uint64_t)suit_key(h, 48) |
                 (uint64_t)(seat << 4 | flags << 1 | team | 128) << 21;
            have_key = 1;
        }
        e = s->cap ? tt_find(s, ka, kb) : NULL;
        if (e != NULL) {
            int tlo = e->lo, thi = e->hi;
            have_entry = 1;
            olo = tlo;
            ohi = thi;
            first = e->best;
            if (tlo >= beta)
                return tlo;
            if (thi <= alpha)
                return thi;
            if (tlo == thi)
                return tlo;
            lo = imax(lo, tlo);
            hi = imin(hi, thi);
            if (hi <= alpha)
                return hi;
            if (lo >= beta)
                return lo;
        }
        if (lo >= hi)
            return lo;
        if (lo > alpha)
            alpha = lo;
        if (hi < beta)
            beta = hi;
    }
    a0 = alpha;
    b0 = beta;
    maximize = (seat & 1) == team;
    best = maximize ? -INF : INF;
    count = moves_of(s, seat, cards, seats, n, moves);
    if (count == 0) { /* not a legal position: the Python raises IndexError here */
        s->aborted = 2;
        return 0;
    }
    if (first >= 0 && moves[0] != first) {
        for (i = 1; i < count; i++) {
            if (moves[i] == first) {
                memmove(moves + 1, moves, sizeof(int) * (size_t)i);
                moves[0] = first;
                break;
            }
        }
    }
    best_card = moves[0];
    hand = h[seat];
    closing = n == s->players - 1;
    if (closing) {
        int bi = winning_index(cards, n, trump), j;
        top = cards[bi];
        top_seat = seats[bi];
        top_suit = top >> 4;
        points = 1;
        for (j = 0; j < n; j++) {
            if (cards[j] == FIVE)
                points += 5;
            else if (cards[j] == THREE)
                points -= 3;
        }
    } else {
        nxt = (seat + 1) & 3;
        if (nxt == s->out)
            nxt = (nxt + 1) & 3;
        seats[n] = seat;
    }
    for (i = 0; i < count; i++) {
        int c = moves[i], v;
        h[seat] = hand ^ (1ULL << c);
        if (closing) {
            int cs = c >> 4, win, pts;
            int ncards[4], nseats[4];
            if ((cs == top_suit && c > top) || (cs == trump && top_suit != trump))
                win = seat;
            else
                win = top_seat;
            if ((win & 1) == team)
                pts = points + (c == FIVE ? 5 : c == THREE ? -3 : 0);
            else
                pts = 0;
            v = pts + search(s, win, ncards, nseats, 0, alpha - pts, beta - pts);
        } else {
            cards[n] = c;
            v = search(s, nxt, cards, seats, n + 1, alpha, beta);
        }
        if (s->aborted) {
            h[seat] = hand;
            return 0;
        }
        if (maximize) {
            if (v > best) {
                best = v;
                best_card = c;
                if (v > alpha)
                    alpha = v;
            }
        } else if (v < best) {
            best = v;
            best_card = c;
            if (v < beta)
                beta = v;
        }
        if (alpha >= beta)
            break;
    }
    h[seat] = hand;
    if (have_key) {
        int lo, hi;
        if (!have_entry) {
            olo = -INF;
            ohi = INF;
        }
        if (best <= a0) {
            lo = olo;
            hi = imin(ohi, best);
        } else if (best >= b0) {
            lo = imax(olo, best);
            hi = ohi;
        } else {
            lo = hi = best;
        }
        if (tt_store(s, ka, kb, lo, hi, best_card) < 0) {
            s->aborted = 3;
            return 0;
        }
    }
    return best;
}

/* --- the Python type --------------------------------------------------------------------- */

static int read_cards(PyObject *seq, int *out, const char *what)
{
    Py_ssize_t n, i;
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL)
        return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n > 3) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: at most 3 cards before a trick is complete", what);
        return -1;
    }
    for (i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (v < 0 || v > 63) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static PyObject *Core_search(Core *self, PyObject *args)
{
    PyObject *hands, *cards_obj, *seats_obj, *fast;
    int team, seat, alpha, beta, n, m, i, v;
    long long nodes, node_limit;
    int cards[4], seats[4];
    if (!PyArg_ParseTuple(args, "OiLLiOOii", &hands, &team, &nodes, &node_limit, &seat,
                          &cards_obj, &seats_obj, &alpha, &beta))
        return NULL;
    if (seat < 0 || seat > 3 || team < 0 || team > 1) {
        PyErr_SetString(PyExc_ValueError, "seat must be 0-3 and team 0 or 1");
        return NULL;
    }
    fast = PySequence_Fast(hands, "hands must be a sequence");
    if (fast == NULL)
        return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != 4) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "hands must hold 4 masks");
        return NULL;
    }
    for (i = 0; i < 4; i++) {
        unsigned long long mask = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
        self->h[i] = (uint64_t)mask;
    }
    Py_DECREF(fast);
    n = read_cards(cards_obj, cards, "cards");
    if (n < 0)
        return NULL;
    m = read_cards(seats_obj, seats, "seats");
    if (m < 0)
        return NULL;
    if (m != n) {
        PyErr_SetString(PyExc_ValueError, "cards and seats differ in length");
        return NULL;
    }
    self->team = team;
    self->nodes = nodes;
    self->node_limit = node_limit;
    self->aborted = 0;
    v = search(self, seat, cards, seats, n, alpha, beta);
    if (self->aborted == 1) {
        PyErr_SetNone(self->aborted_type);
        return NULL;
    }
    if (self->aborted == 2) {
        PyErr_SetString(PyExc_IndexError, "a player to move holds no card");
        return NULL;
    }
    if (self->aborted == 3)
        return PyErr_NoMemory();
    return PyLong_FromLong(v);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"trump", "out", "aborted", NULL};
    PyObject *aborted;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiO", kwlist, &self->trump, &self->out,
                                     &aborted))
        return -1;
    if (!PyExceptionClass_Check(aborted)) {
        PyErr_SetString(PyExc_TypeError, "aborted must be an exception class");
        return -1;
    }
    if (self->trump < -1 || self->trump > 3 || self->out < -1 || self->out > 3) {
        PyErr_SetString(PyExc_ValueError, "trump and out must be -1..3");
        return -1;
    }
    Py_INCREF(aborted);
    Py_XSETREF(self->aborted_type, aborted);
    self->players = self->out != NOBODY ? 3 : 4;
    free(self->table);
    self->table = NULL;
    self->cap = self->used = 0;
    self->nodes = 0;
    return 0;
}

static void Core_dealloc(Core *self)
{
    free(self->table);
    Py_XDECREF(self->aborted_type);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Core_table_size(Core *self, PyObject *Py_UNUSED(ignored))
{
    return PyLong_FromSize_t(self->used);
}

/* The table as the Python solver keeps it, {(k0, k1, k2, k3, seat << 4 | flags << 1 | team):
 * (lower, upper, best card)}, so a test can compare the two entry by entry. */
static PyObject *Core_table(Core *self, PyObject *Py_UNUSED(ignored))
{
    size_t i;
    PyObject *out = PyDict_New();
    if (out == NULL)
        return NULL;
    for (i = 0; i < self->cap; i++) {
        const Entry *e = &self->table[i];
        PyObject *key, *value;
        int ok;
        if (e->b == 0)
            continue;
        key = Py_BuildValue("(kkkkk)", (unsigned long)(e->a & 0x1FFFFF),
                            (unsigned long)(e->a >> 21 & 0x1FFFFF),
                            (unsigned long)(e->a >> 42 & 0x1FFFFF),
                            (unsigned long)(e->b & 0x1FFFFF),
                            (unsigned long)(e->b >> 21 & 127));
        value = Py_BuildValue("(iii)", (int)e->lo, (int)e->hi, (int)e->best);
        ok = key != NULL && value != NULL && PyDict_SetItem(out, key, value) == 0;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (!ok) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyMethodDef Core_methods[] = {
    {"table", (PyCFunction)Core_table, METH_NOARGS,
     "The transposition table in the Python solver's form (for tests)."},
    {"search", (PyCFunction)Core_search, METH_VARARGS,
     "search(hands, team, nodes, node_limit, seat, cards, seats, alpha, beta) -> int\n"
     "Team's raw points from this node (Solver._py_search); `nodes` counts on from the\n"
     "given count; past `node_limit` (if > 0) the `aborted` exception is raised."},
    {"table_size", (PyCFunction)Core_table_size, METH_NOARGS,
     "Entries in the transposition table."},
    {NULL, NULL, 0, NULL}};

static PyMemberDef Core_members[] = {
    {"nodes", T_LONGLONG, offsetof(Core, nodes), READONLY, "nodes counted so far"},
    {NULL, 0, 0, 0, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "kaiser_desktop.ai._solver_core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Core(trump, out, aborted): one deal's search state and transposition table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_members = Core_members,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver_core",
    "The double-dummy solver's search, compiled (see solver.py).", -1, NULL,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__solver_core(void)
{
    PyObject *m;
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
