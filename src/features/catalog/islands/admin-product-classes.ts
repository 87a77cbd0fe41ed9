/** The class of the back office's product list inputs (search box, filter, row fields). */
export const adminInput =
  'h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';
