// A part of a composed answer given a time budget: past it, the part is left out (`over`), and whatever it later
// answers is dropped. The work is not cancelled, only no longer waited for; its own timeouts end it.

export const overBudget = Symbol('over budget');

export const withinBudget = <T>(work: Promise<T>, budgetMs: number): Promise<T | typeof overBudget> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof overBudget>((resolve) => {
    timer = setTimeout(() => resolve(overBudget), budgetMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
};
