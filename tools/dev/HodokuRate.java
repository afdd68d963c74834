// HodokuRate -- rates each puzzle of a file with HoDoKu 2.2.0 (built from its
// public source, default options) as its /bs batch solver does: setSudoku,
// validSolution, solve.  Writes the ratings table bench_hodoku reads,
//   puzzle<TAB>level<TAB>score<TAB>steps   (steps: the path's /lt arg names)
// on stdout, and when a second argument names a file, the /vp path there
// ("#<n> <puzzle> <Level> (<score>)", then each step's toString(2), three
// spaces in).  stderr gets the solving thread's mean CPU time per puzzle.
// With -t first, stdout gets instead "puzzle level score cpu_ms" per puzzle
// (the solving thread's CPU time: bench/peer_hodoku.sh, bench_hodoku -H).
//   javac -cp HODOKU_CLASSES -d OUT tools/dev/HodokuRate.java
//   java -cp HODOKU_CLASSES:OUT HodokuRate [-t] PUZZLES [PATHS] > RATINGS.tsv
// Puzzles HoDoKu cannot rate (not unique) are left out, named on stderr.
import java.io.*;
import java.lang.management.*;
import java.util.List;
import sudoku.*;
import solver.*;
import generator.*;

public class HodokuRate {
    public static void main(String[] args) throws Exception {
        ThreadMXBean clock = ManagementFactory.getThreadMXBean();
        SudokuSolver solver = SudokuSolverFactory.getDefaultSolverInstance();
        SudokuGenerator gen = SudokuGeneratorFactory.getDefaultGeneratorInstance();
        boolean times = args.length > 0 && args[0].equals("-t");
        int a = times ? 1 : 0;
        BufferedReader in = new BufferedReader(new FileReader(args[a]));
        PrintWriter paths = args.length > a + 1 ? new PrintWriter(new FileWriter(args[a + 1])) : null;
        PrintStream out = new PrintStream(new BufferedOutputStream(System.out), false, "UTF-8");
        if (!times) out.println("puzzle\tlevel\tscore\tsteps");
        String line;
        long cpu = 0;
        int rated = 0;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.length() < 81) continue;
            String puzzle = line.substring(0, 81);
            Sudoku2 s = new Sudoku2();
            long t0 = clock.getCurrentThreadCpuTime();
            s.setSudoku(puzzle);
            if (!gen.validSolution(s)) {
                System.err.println("not unique: " + puzzle);
                continue;
            }
            solver.setSudoku(s);
            solver.solve();
            long t = clock.getCurrentThreadCpuTime() - t0;
            cpu += t;
            rated++;
            List<SolutionStep> steps = solver.getSteps();
            StringBuilder b = new StringBuilder();
            for (SolutionStep st : steps) {
                if (b.length() > 0) b.append(' ');
                b.append(st.getType().getArgName());
            }
            String level = solver.getLevel().getName();
            if (times) out.println(puzzle + " " + level + " " + solver.getScore() + " " + (t / 1e6));
            else out.println(puzzle + "\t" + level + "\t" + solver.getScore() + "\t" + b);
            if (paths != null) {
                paths.println("#" + rated + " " + puzzle + " " + level + " (" + solver.getScore() + ")");
                for (SolutionStep st : steps) paths.println("   " + st.toString(2));
            }
        }
        out.flush();
        if (paths != null) paths.close();
        System.err.printf("%d puzzles, %.3f ms CPU per puzzle%n", rated, rated > 0 ? cpu / 1e6 / rated : 0.0);
        System.exit(0);
    }
}
