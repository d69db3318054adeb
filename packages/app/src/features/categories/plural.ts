/** "1 product", "3 products"; "1 category", "2 categories". */
export const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? noun : nouns}`;
