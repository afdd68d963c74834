import java.util.*;
import java.io.*;
import java.lang.reflect.*;
import diuf.sudoku.*;
import diuf.sudoku.solver.*;
import diuf.sudoku.solver.rules.*;
import diuf.sudoku.solver.rules.unique.*;

/*
 * unique_se_oracle.java -- records Sudoku Explainer's own answers for
 * tests/data/techniques/unique_se_oracle.txt (test_techniques_unique.c).
 *
 * For every step of SE 1.2.1.3's rating loop on each puzzle read from stdin,
 * prints the position and the first hint that SE's UniqueLoops,
 * BivalueUniversalGrave, AlignedPairExclusion and AlignedExclusion(3) give
 * on it (one accumulator that stops at the first hint, as in the rating):
 *
 *   <729 chars: 9 per cell, candidates or "=v......." for a filled cell>
 *   \t<name|difficulty|eliminations, or -> x 4
 *
 * Build against SE's classes (1to9only/SudokuExplainer @729c00e, compiled
 * with javac -encoding ISO-8859-1; with Java 17, the four
 * "new ErrorMessage(MSG, true|false)" calls of io/SudokuIO.java need a
 * third argument "new Object[0]" to resolve the overload):
 *   javac -cp SE_CLASSES -d out unique_se_oracle.java
 *   java -cp SE_CLASSES:out UniqueOracle < puzzles.txt > all.txt
 *   python3 unique_se_oracle_select.py all.txt > unique_se_oracle.txt
 */
class UniqueOracle {
    static String cellName(Cell c) { return "r" + (c.getY() + 1) + "c" + (c.getX() + 1); }
    static String elims(IndirectHint h) {
        List<String> out = new ArrayList<String>();
        Map<Cell, BitSet> m = h.getRemovablePotentials();
        List<Cell> cells = new ArrayList<Cell>(m.keySet());
        Collections.sort(cells, new Comparator<Cell>() { public int compare(Cell a, Cell b) {
            return (a.getY() * 9 + a.getX()) - (b.getY() * 9 + b.getX()); } });
        for (Cell c : cells) {
            BitSet b = m.get(c);
            for (int v = b.nextSetBit(0); v >= 0; v = b.nextSetBit(v + 1))
                if (c.hasPotentialValue(v)) out.add(cellName(c) + "<>" + v);
        }
        StringBuilder sb = new StringBuilder();
        for (String s : out) { if (sb.length() > 0) sb.append(' '); sb.append(s); }
        return sb.length() == 0 ? "-" : sb.toString();
    }
    static String first(HintProducer p, Grid g) {
        SingleHintAccumulator acc = new SingleHintAccumulator();
        try { p.getHints(g, acc); } catch (InterruptedException e) {}
        Hint h = acc.getHint();
        if (h == null) return "-";
        Rule r = (Rule) h;
        return r.getName() + "|" + String.format("%.1f", r.getDifficulty()) + "|" + elims((IndirectHint) h);
    }
    static String grid729(Grid g) {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < 9; y++) for (int x = 0; x < 9; x++) {
            Cell c = g.getCell(x, y);
            if (c.getValue() != 0) { sb.append("=" + c.getValue() + "......."); continue; }
            for (int v = 1; v <= 9; v++)
                sb.append(c.hasPotentialValue(v) ? (char)('0' + v) : '.');
        }
        return sb.toString();
    }
    @SuppressWarnings("unchecked")
    static List<HintProducer> producers(Solver s) throws Exception {
        List<HintProducer> all = new ArrayList<HintProducer>();
        for (String f : new String[] {"directHintProducers", "indirectHintProducers", "chainingHintProducers",
                "chainingHintProducers2", "advancedHintProducers", "experimentalHintProducers"}) {
            Field fl = Solver.class.getDeclaredField(f);
            fl.setAccessible(true);
            all.addAll((List<HintProducer>) fl.get(s));
        }
        return all;
    }
    static boolean solved(Grid g) { for (int i = 0; i < 81; i++) if (g.getCell(i % 9, i / 9).getValue() == 0) return false; return true; }
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int maxSteps = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        String line;
        HintProducer[] ours = { new UniqueLoops(), new BivalueUniversalGrave(), new AlignedPairExclusion(), new AlignedExclusion(3) };
        while ((line = in.readLine()) != null) {
            if (line.length() < 81) continue;
            Grid grid = new Grid();
            for (int i = 0; i < 81; i++) {
                char ch = line.charAt(i);
                if (ch >= '1' && ch <= '9') grid.setCellValue(i % 9, i / 9, ch - '0');
            }
            Solver solver = new Solver(grid);
            solver.rebuildPotentialValues();
            List<HintProducer> prods = producers(solver);
            for (int step = 0; step < maxSteps && !solved(grid); step++) {
                StringBuilder out = new StringBuilder(grid729(grid));
                for (HintProducer p : ours) out.append('\t').append(first(p, grid));
                System.out.println(out);
                SingleHintAccumulator acc = new SingleHintAccumulator();
                try { for (HintProducer p : prods) p.getHints(grid, acc); } catch (InterruptedException e) {}
                Hint h = acc.getHint();
                if (h == null) break;
                h.apply();
            }
            System.out.flush();
        }
    }
}
