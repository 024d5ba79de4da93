/** Every read of the visits to relocate reloads after a move or a cancellation. */
export const relocateKeys = { all: ['por-reubicar'] as const };
