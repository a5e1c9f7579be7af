/** Any emoji: a pictograph with its skin tone, variation selector and joined sequences, or a flag. */
export const EMOJI =
  /\p{Extended_Pictographic}\p{Emoji_Modifier}?(?:\uFE0F|\u200D\p{Extended_Pictographic}\p{Emoji_Modifier}?)*|\p{Regional_Indicator}{2}/gu;
