export function settleAnimations(): Promise<number>;
