// The format of a lesson's knowledge check: `docs/modules/<course>/<lesson>.check.yaml`, next to
// the lesson it tests. Writers edit these files; the build publishes them to the database, which
// alone holds the answers the site grades against. Nothing here may be imported by browser code.
import {z} from 'zod';

const sectionAnchor = z
  .string()
  .regex(/^#[a-z0-9-]+$/, 'a heading anchor of the lesson, e.g. "#the-formulas"');

const option = z
  .object({
    text: z.string().min(1),
    correct: z.boolean().default(false),
    /** Shown after answering, whatever the learner picked: why this option is right or wrong. */
    explanation: z.string().min(20),
  })
  .strict();

const common = {
  /** Stable within the lesson: attempts refer to it, so do not rename a published id. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  prompt: z.string().min(10),
  /** The lesson section the question comes from; explanations link there. */
  section: sectionAnchor,
};

const singleChoice = z
  .object({
    ...common,
    type: z.literal('single'),
    options: z.array(option).min(3).max(5),
  })
  .strict()
  .refine((q) => q.options.filter((o) => o.correct).length === 1, 'a single-choice question has exactly one correct option');

const multipleChoice = z
  .object({
    ...common,
    type: z.literal('multiple'),
    options: z.array(option).min(3).max(6),
  })
  .strict()
  .refine((q) => q.options.some((o) => o.correct), 'a multiple-choice question has at least one correct option')
  .refine((q) => q.options.some((o) => !o.correct), 'a multiple-choice question has at least one wrong option');

const numeric = z
  .object({
    ...common,
    type: z.literal('numeric'),
    answer: z.number().finite(),
    /** Absolute tolerance: any answer within ± tolerance of `answer` is right. */
    tolerance: z.number().nonnegative(),
    unit: z.string().optional(),
    /** The worked solution, shown after answering. */
    explanation: z.string().min(20),
    /**
     * When the answer is a calculation, the formula (mathjs syntax) and the numbers it uses. The
     * content test recomputes the answer and checks each number appears in the prompt.
     */
    formula: z.string().optional(),
    variables: z.record(z.string(), z.number()).optional(),
  })
  .strict()
  .refine((q) => (q.formula === undefined) === (q.variables === undefined), 'formula and variables go together');

export const question = z.discriminatedUnion('type', [singleChoice, multipleChoice, numeric]);

/** How many questions one attempt asks when a check does not say. */
export const DEFAULT_QUESTIONS_PER_ATTEMPT = 5;

/**
 * The smallest pool for an attempt of `ask` questions: one and a half times as many, so that a
 * retake draws a different set and learning the first draw's questions is not enough.
 */
export function minimumPoolSize(ask: number): number {
  return Math.ceil(ask * 1.5);
}

export const knowledgeCheck = z
  .object({
    /** Questions drawn from the pool for one attempt. */
    ask: z.number().int().min(3).max(10).default(DEFAULT_QUESTIONS_PER_ATTEMPT),
    /** The pool an attempt draws from, in any order: the server shuffles questions and options. */
    questions: z.array(question).min(1).max(20),
  })
  .strict()
  .refine((c) => new Set(c.questions.map((q) => q.id)).size === c.questions.length, 'question ids are unique')
  .superRefine((c, ctx) => {
    if (c.questions.length < minimumPoolSize(c.ask)) {
      ctx.addIssue({
        code: 'custom',
        path: ['questions'],
        message: `the pool holds ${c.questions.length} questions; an attempt of ${c.ask} needs at least ${minimumPoolSize(c.ask)}`,
      });
    }
  });

export type KnowledgeCheck = z.infer<typeof knowledgeCheck>;
export type Question = z.infer<typeof question>;
