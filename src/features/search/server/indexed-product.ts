/** One active product as the index reads it. */
export interface IndexedProduct {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  subcategoryName: string;
  type: string | null;
  brand: string | null;
}
