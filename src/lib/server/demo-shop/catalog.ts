/**
 * The demo shop's own catalogue, written for FarmFresh (Thrissur, Kerala): 6 categories,
 * 24 subcategories and 157 products, plus home banners, the delivery area and promo codes.
 * Category order fixes the ids: 1 Fresh Fruits, 2 Fresh Vegetables, 3 Sweets & Mithai,
 * 4 Pickles & Chutneys, 5 Dry Fruits & Nuts, 6 Bakery (1 and 3 are linked from the home promo
 * tiles). Prices are in rupees; images are Twemoji code points (CC-BY 4.0, see docs/demo-shop.md).
 * Out of stock on purpose: FF-FRU-016, FF-VEG-024, FF-SWT-012, FF-DRY-014, FF-BAK-008.
 */
import type { DemoBanner, DemoCategory, DemoPromoCode } from './types.ts';

const fruits: DemoCategory = {
  name: 'Fresh Fruits',
  description: 'Seasonal Kerala fruit and everyday favourites, handpicked and delivered ripe.',
  image: '1f96d',
  subcategories: [
    {
      name: 'Bananas',
      image: '1f34c',
      products: [
        {
          sku: 'FF-FRU-001', name: 'Nendran Banana', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 80, price: 72, taxPercent: 0, stock: 120, images: ['1f34c', '1f9fa'],
          description: 'Long, firm Nendran bananas ripened to a deep golden yellow. Sweet and dense: eat them as they are, steam them for breakfast or fry them into pazham pori.',
          additionalInformation: 'Keep at room temperature away from direct sun and eat within 4 days. Grown in Thrissur district.',
          highlights: ['Kerala favourite', 'Great for pazham pori', 'Naturally ripened'],
        },
        {
          sku: 'FF-FRU-002', name: 'Palayankodan Banana', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 60, price: 60, taxPercent: 0, stock: 90, images: ['1f34c'],
          description: 'Small, thin-skinned bananas with a gentle tang, the everyday table banana of Kerala homes.',
          additionalInformation: 'Store at room temperature; best within 3 days. Grown around Chalakudy and Irinjalakuda.',
          highlights: ['Light and tangy', 'Everyday snack'],
        },
        {
          sku: 'FF-FRU-003', name: 'Robusta Banana', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 50, price: 45, taxPercent: 0, stock: 150, images: ['1f34c'],
          description: 'Creamy, soft Robusta bananas that are ideal for smoothies, milkshakes and lunch boxes.',
          additionalInformation: 'Keep at room temperature; do not refrigerate. Best within 3 days of delivery.',
          highlights: ['Soft and creamy', 'Smoothie friendly'],
        },
        {
          sku: 'FF-FRU-004', name: 'Red Banana (Chenkadali)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 120, price: 108, taxPercent: 0, stock: 40, images: ['1f34c', '1f9fa'],
          description: 'Plump red-skinned bananas with sweet, creamy, slightly berry-like flesh. A traditional first food for babies in Kerala.',
          additionalInformation: 'Ripe when the skin turns deep maroon and gives a little when pressed. Keep at room temperature; best within 4 days.',
          highlights: ['Rich in fibre', 'Creamy texture', 'Grown in Thrissur'],
        },
        {
          sku: 'FF-FRU-005', name: 'Njalipoovan Banana', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 45, price: 45, taxPercent: 0, stock: 60, images: ['1f34c'],
          description: 'Short, fragrant bananas with a honey-sweet taste, perfect for children and for the evening tea tray.',
          additionalInformation: 'Keep at room temperature and eat within 2–3 days. From small farms in Thrissur district.',
          highlights: ['Fragrant', 'Kid-sized'],
        },
        {
          sku: 'FF-FRU-006', name: 'Poovan Banana', brand: 'FarmFresh', weight: 1, weightUnit: 'dozen', mrp: 70, price: 65, taxPercent: 0, stock: 80, images: ['1f34c'],
          description: 'Firm, sweet Poovan bananas sold by the dozen, traditionally offered at temples and served at sadya.',
          additionalInformation: 'Keep at room temperature; best within 3 days.',
          highlights: ['Sold by the dozen', 'Sadya favourite'],
        },
      ],
    },
    {
      name: 'Mangoes',
      image: '1f96d',
      products: [
        {
          sku: 'FF-FRU-007', name: 'Alphonso Mango (Ratnagiri)', brand: 'FarmFresh', weight: 1, weightUnit: 'dozen', mrp: 999, price: 849, taxPercent: 0, stock: 30, images: ['1f96d', '1f9fa', '1f381'],
          description: 'The king of mangoes: saffron-coloured, fibre-free flesh with an unmistakable aroma. Carbide-free and ripened in hay.',
          additionalInformation: 'Ripen at room temperature, then refrigerate for up to 3 days. Sourced from Ratnagiri, Maharashtra.',
          highlights: ['Naturally ripened', 'Fibre-free pulp', 'Gift-worthy box'],
        },
        {
          sku: 'FF-FRU-008', name: 'Banganapalli Mango', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 140, price: 126, taxPercent: 0, stock: 70, images: ['1f96d'],
          description: 'Large golden mangoes with firm, sweet flesh and thin skin. Excellent sliced, in milkshakes or in fruit salad.',
          additionalInformation: 'Keep at room temperature until fragrant, then refrigerate. From Andhra Pradesh.',
          highlights: ['Large and meaty', 'Thin skin'],
        },
        {
          sku: 'FF-FRU-009', name: 'Moovandan Mango', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 110, price: 110, taxPercent: 0, stock: 50, images: ['1f96d'],
          description: 'A small, early-season Kerala mango with bright yellow, juicy flesh. Sweet enough to eat out of hand and perfect for pulissery.',
          additionalInformation: 'Eat within 3 days of ripening. Picked from home gardens around Thrissur.',
          highlights: ['Kerala variety', 'Juicy', 'Good for pulissery'],
        },
        {
          sku: 'FF-FRU-010', name: 'Priyur Mango', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 150, price: 135, taxPercent: 0, stock: 35, images: ['1f96d', '1f9fa'],
          description: 'Fragrant Priyur mangoes with smooth, honey-sweet flesh and a green-gold skin, a treasured Kerala heirloom variety.',
          additionalInformation: 'Stays green-tinged when ripe; check for aroma and a slight give. Refrigerate once ripe.',
          highlights: ['Heirloom variety', 'Very fragrant'],
        },
        {
          sku: 'FF-FRU-011', name: 'Kilichundan Mango (Raw)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 90, price: 90, taxPercent: 0, stock: 45, images: ['1f96d', '1f9c2'],
          description: 'The parrot-beak mango, picked firm and sour. Slice it with salt and chilli powder or use it in curries and quick pickles.',
          additionalInformation: 'Keep in a cool place; stays firm for about a week. Ripens slowly at room temperature.',
          highlights: ['Tangy and crunchy', 'For curries and pickles'],
        },
        {
          sku: 'FF-FRU-012', name: 'Neelum Mango', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 130, price: 117, taxPercent: 0, stock: 55, images: ['1f96d'],
          description: 'A late-season mango with juicy, mildly sweet flesh and a pleasant aroma; great for juice and lassi.',
          additionalInformation: 'Refrigerate once ripe and eat within 3 days. From Tamil Nadu orchards.',
          highlights: ['Late season', 'Juicy'],
        },
      ],
    },
    {
      name: 'Tropical & Seasonal',
      image: '1f34d',
      products: [
        {
          sku: 'FF-FRU-013', name: 'Jackfruit (Varikka)', brand: 'FarmFresh', weight: 1, weightUnit: 'pc', mrp: 450, price: 399, taxPercent: 0, stock: 15, images: ['1f348', '1f9fa'],
          description: 'A whole Varikka jackfruit, about 5–7 kg, with firm, crisp golden bulbs that are sweet but not mushy.',
          additionalInformation: 'Keep in a cool, airy place and open within 2 days of delivery. Oil your knife and hands before cutting.',
          highlights: ['Firm Varikka bulbs', 'Whole fruit', 'From Thrissur farms'],
        },
        {
          sku: 'FF-FRU-014', name: 'Jackfruit Bulbs (Cleaned)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 180, price: 160, taxPercent: 0, stock: 25, images: ['1f348', '1f963'],
          description: 'Ready-to-eat Varikka jackfruit bulbs, seeds removed, cleaned and packed the same morning.',
          additionalInformation: 'Refrigerate at once and eat within 2 days.',
          highlights: ['Ready to eat', 'Seeds removed', 'Packed same day'],
        },
        {
          sku: 'FF-FRU-015', name: 'Rambutan', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 220, price: 198, taxPercent: 0, stock: 30, images: ['1f352'],
          description: 'Bright red, hairy-skinned rambutans with juicy, translucent flesh that tastes a little like grapes.',
          additionalInformation: 'Refrigerate in a paper bag and eat within 4 days. Grown in Pathanamthitta and Thrissur.',
          highlights: ['Kerala grown', 'Juicy and sweet'],
        },
        {
          sku: 'FF-FRU-016', name: 'Mangosteen', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 260, price: 234, taxPercent: 0, stock: 0, images: ['1f347'],
          description: 'The queen of fruits: deep purple shells hiding snow-white, sweet-tart segments. A short-season treat.',
          additionalInformation: 'Refrigerate and eat within 5 days. Available from May to August.',
          highlights: ['Seasonal', 'Sweet-tart'],
        },
        {
          sku: 'FF-FRU-017', name: 'Vazhakulam Pineapple', brand: 'Vazhakulam Growers', weight: 1, weightUnit: 'pc', mrp: 90, price: 81, taxPercent: 0, stock: 60, images: ['1f34d'],
          description: 'GI-tagged Vazhakulam pineapple with golden, juicy flesh and a fine balance of sweetness and tang.',
          additionalInformation: 'Store upside down at room temperature for a day to spread the sweetness; refrigerate once cut.',
          highlights: ['GI tagged', 'Juicy and sweet'],
        },
        {
          sku: 'FF-FRU-018', name: 'Papaya (Red Lady)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 55, price: 55, taxPercent: 0, stock: 70, images: ['1f348'],
          description: 'Sweet, deep-orange papaya with a buttery texture, a healthy breakfast fruit.',
          additionalInformation: 'Ripen at room temperature until the skin turns yellow, then refrigerate. Eat within 3 days of ripening.',
          highlights: ['Rich in vitamin A', 'Breakfast favourite'],
        },
        {
          sku: 'FF-FRU-019', name: 'Tender Coconut (Karikku)', brand: 'FarmFresh', weight: 1, weightUnit: 'pc', mrp: 60, price: 55, taxPercent: 0, stock: 100, images: ['1f965'],
          description: 'Green tender coconut full of sweet, refreshing water, with soft malai inside.',
          additionalInformation: 'Keep in a cool place and drink within 3 days. From coconut groves around Thrissur.',
          highlights: ['Natural electrolytes', 'Soft malai inside'],
        },
      ],
    },
    {
      name: 'Everyday Fruits',
      image: '1f34e',
      products: [
        {
          sku: 'FF-FRU-020', name: 'Shimla Apple', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 220, price: 198, taxPercent: 0, stock: 90, images: ['1f34e'],
          description: 'Crisp, juicy red apples from the orchards of Himachal Pradesh.',
          additionalInformation: 'Refrigerate for up to 2 weeks. From Shimla district, Himachal Pradesh.',
          highlights: ['Crisp and juicy', 'Long shelf life'],
        },
        {
          sku: 'FF-FRU-021', name: 'Pomegranate (Bhagwa)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 240, price: 216, taxPercent: 0, stock: 65, images: ['1f34e', '1f963'],
          description: 'Bhagwa pomegranates with ruby-red, soft-seeded arils that are sweet and full of juice.',
          additionalInformation: 'Keeps for 2 weeks in the refrigerator. From Solapur, Maharashtra.',
          highlights: ['Soft seeds', 'Deep red arils'],
        },
        {
          sku: 'FF-FRU-022', name: 'Nagpur Orange', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 120, price: 120, taxPercent: 0, stock: 75, images: ['1f34a'],
          description: 'Loose-skinned, easy-to-peel oranges with sweet, tangy segments.',
          additionalInformation: 'Keep in a cool place for up to a week or refrigerate for longer.',
          highlights: ['Easy to peel', 'Vitamin C'],
        },
        {
          sku: 'FF-FRU-023', name: 'Black Grapes (Seedless)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 90, price: 81, taxPercent: 0, stock: 85, images: ['1f347'],
          description: 'Crunchy seedless black grapes, sweet with a light tang.',
          additionalInformation: 'Refrigerate unwashed and rinse just before eating. Best within 5 days.',
          highlights: ['Seedless', 'Lunch-box friendly'],
        },
        {
          sku: 'FF-FRU-024', name: 'Watermelon (Kiran)', brand: 'FarmFresh', weight: 1, weightUnit: 'pc', mrp: 120, price: 108, taxPercent: 0, stock: 40, images: ['1f349'],
          description: 'A whole Kiran watermelon of about 2.5 kg with crisp, deep-red, very sweet flesh.',
          additionalInformation: 'Keep whole at room temperature for up to a week; refrigerate once cut.',
          highlights: ['About 2.5 kg', 'Summer cooler'],
        },
        {
          sku: 'FF-FRU-025', name: 'Sweet Lime (Mosambi)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 90, price: 90, taxPercent: 0, stock: 100, images: ['1f34b'],
          description: 'Juicy sweet limes, ideal for fresh juice in the morning.',
          additionalInformation: 'Keep in a cool place for up to 10 days.',
          highlights: ['Juicing favourite', 'Mild and sweet'],
        },
        {
          sku: 'FF-FRU-026', name: 'Guava', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 80, price: 72, taxPercent: 0, stock: 55, images: ['1f34f'],
          description: 'Fragrant, firm guavas with a pleasant crunch. Eat them with a pinch of salt and chilli.',
          additionalInformation: 'Keep at room temperature and eat within 4 days.',
          highlights: ['Rich in vitamin C', 'Crunchy'],
        },
        {
          sku: 'FF-FRU-027', name: 'Sapota (Chikoo)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 100, price: 90, taxPercent: 0, stock: 40, images: ['1f95d'],
          description: 'Soft, brown-fleshed sapota with a malty, caramel-like sweetness. Lovely in milkshakes.',
          additionalInformation: 'Ripen at room temperature until soft, then refrigerate and eat within 2 days.',
          highlights: ['Naturally sweet', 'Milkshake favourite'],
        },
        {
          sku: 'FF-FRU-028', name: 'Kiwi', brand: 'FarmFresh', weight: 3, weightUnit: 'pcs', mrp: 120, price: 120, taxPercent: 0, stock: 50, images: ['1f95d', '1f957'],
          description: 'Tangy green kiwis with bright flesh, good in fruit bowls and smoothies.',
          additionalInformation: 'Ripen at room temperature, then refrigerate for up to a week. Imported from New Zealand.',
          highlights: ['Imported', 'Vitamin C rich'],
        },
      ],
    },
  ],
};

const vegetables: DemoCategory = {
  name: 'Fresh Vegetables',
  description: 'Everyday and Kerala vegetables, greens and herbs, harvested a day before delivery.',
  image: '1f955',
  subcategories: [
    {
      name: 'Everyday Vegetables',
      image: '1f345',
      products: [
        {
          sku: 'FF-VEG-001', name: 'Tomato', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 40, price: 36, taxPercent: 0, stock: 200, images: ['1f345'],
          description: 'Firm, ripe country tomatoes with a good tang, the base of every curry, rasam and chutney.',
          additionalInformation: 'Keep at room temperature until fully red, then refrigerate. Best within 5 days.',
          highlights: ['Farm picked', 'Tangy country variety'],
        },
        {
          sku: 'FF-VEG-002', name: 'Cherry Tomato', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 60, price: 54, taxPercent: 0, stock: 45, images: ['1f345', '1f957'],
          description: 'Bite-sized red cherry tomatoes, sweet and juicy. Toss them into salads or roast them whole.',
          additionalInformation: 'Refrigerate and eat within 5 days. Grown in polyhouses in Wayanad.',
          highlights: ['Sweet and juicy', 'Salad ready'],
        },
        {
          sku: 'FF-VEG-003', name: 'Onion', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 45, price: 45, taxPercent: 0, stock: 200, images: ['1f9c5'],
          description: 'Medium-sized red onions from Nashik, firm and pungent.',
          additionalInformation: 'Store in a dry, airy basket away from potatoes. Keeps for 3 weeks.',
          highlights: ['Kitchen essential', 'Long shelf life'],
        },
        {
          sku: 'FF-VEG-004', name: 'Small Onion (Shallots)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 60, price: 54, taxPercent: 0, stock: 120, images: ['1f9c5', '1f958'],
          description: 'Kerala kitchens run on these: sweet, aromatic shallots for sambar, theeyal and coconut chutney.',
          additionalInformation: 'Store in a dry, airy place; keeps for 2–3 weeks.',
          highlights: ['Essential for sambar', 'Aromatic'],
        },
        {
          sku: 'FF-VEG-005', name: 'Potato', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 40, price: 40, taxPercent: 0, stock: 180, images: ['1f954'],
          description: 'Clean, medium-sized potatoes for stew, mezhukkupuratti and fries.',
          additionalInformation: 'Store in a cool, dark place away from onions. Keeps for 2 weeks.',
          highlights: ['All-purpose', 'Washed and sorted'],
        },
        {
          sku: 'FF-VEG-006', name: 'Carrot (Ooty)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 40, price: 36, taxPercent: 0, stock: 110, images: ['1f955'],
          description: 'Bright orange, sweet Ooty carrots, crunchy enough to eat raw.',
          additionalInformation: 'Refrigerate in a cloth bag; best within a week. From the Nilgiris.',
          highlights: ['Sweet and crunchy', 'Hill grown'],
        },
        {
          sku: 'FF-VEG-007', name: 'French Beans', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 50, price: 45, taxPercent: 0, stock: 70, images: ['1fadb'],
          description: 'Tender, stringless beans for thoran, stir-fries and vegetable biryani.',
          additionalInformation: 'Refrigerate in a perforated bag; best within 4 days.',
          highlights: ['Stringless', 'Thoran ready'],
        },
        {
          sku: 'FF-VEG-008', name: 'Cabbage', brand: 'FarmFresh', weight: 1, weightUnit: 'pc', mrp: 35, price: 35, taxPercent: 0, stock: 60, images: ['1f96c'],
          description: 'A tight, fresh head of green cabbage, about 700 g, for thoran and salads.',
          additionalInformation: 'Refrigerate whole; keeps for a week.',
          highlights: ['About 700 g', 'Crisp leaves'],
        },
      ],
    },
    {
      name: 'Kerala Vegetables',
      image: '1f346',
      products: [
        {
          sku: 'FF-VEG-009', name: 'Drumstick (Muringakka)', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 30, price: 30, taxPercent: 0, stock: 80, images: ['1fadb', '1f372'],
          description: 'Long, tender drumsticks that make sambar and avial taste like home.',
          additionalInformation: 'Refrigerate and use within 4 days. Grown in Thrissur home gardens.',
          highlights: ['Sambar essential', 'Tender pods'],
        },
        {
          sku: 'FF-VEG-010', name: 'Ash Gourd (Kumbalanga)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 40, price: 36, taxPercent: 0, stock: 50, images: ['1f348'],
          description: 'Mild, cooling ash gourd, cut to about 1 kg. Perfect for olan, moru curry and fresh juice.',
          additionalInformation: 'Refrigerate cut pieces wrapped in cling film; use within 3 days.',
          highlights: ['Cooling', 'Olan favourite'],
        },
        {
          sku: 'FF-VEG-011', name: 'Raw Banana (Ethakka)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 70, price: 63, taxPercent: 0, stock: 90, images: ['1f34c'],
          description: 'Green Nendran bananas for erissery, thoran, avial and home-made chips.',
          additionalInformation: 'Keep at room temperature; cook within 3 days before they start to ripen.',
          highlights: ['Nendran variety', 'Makes great chips'],
        },
        {
          sku: 'FF-VEG-012', name: 'Elephant Foot Yam (Chena)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 70, price: 70, taxPercent: 0, stock: 55, images: ['1f954'],
          description: 'Earthy, firm chena for erissery, mezhukkupuratti and crisp chena fry.',
          additionalInformation: 'Store in a cool, dry place for up to 2 weeks. Wear gloves or oil your hands while cutting.',
          highlights: ['Onam sadya staple', 'Long shelf life'],
        },
        {
          sku: 'FF-VEG-013', name: 'Tapioca (Kappa)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 45, price: 40, taxPercent: 0, stock: 100, images: ['1f360'],
          description: 'Freshly dug tapioca that cooks soft and fluffy. Make kappa puzhukku and serve it with fish curry or chammanthi.',
          additionalInformation: 'Cook within 2 days of delivery; tapioca darkens quickly once harvested.',
          highlights: ['Freshly harvested', 'Cooks soft'],
        },
        {
          sku: 'FF-VEG-014', name: 'Snake Gourd (Padavalanga)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 35, price: 35, taxPercent: 0, stock: 45, images: ['1f952'],
          description: 'Tender snake gourd for thoran, kootu and sambar.',
          additionalInformation: 'Refrigerate and use within 4 days.',
          highlights: ['Tender', 'Light and healthy'],
        },
        {
          sku: 'FF-VEG-015', name: 'Bitter Gourd (Pavakka)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 40, price: 36, taxPercent: 0, stock: 60, images: ['1f952'],
          description: 'Dark green, ridged bitter gourd for theeyal, crisp fry and pickle.',
          additionalInformation: 'Refrigerate and use within 5 days.',
          highlights: ['Rich in iron', 'Great for theeyal'],
        },
        {
          sku: 'FF-VEG-016', name: 'Ivy Gourd (Kovakka)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 35, price: 32, taxPercent: 0, stock: 65, images: ['1f952'],
          description: 'Small, crunchy ivy gourds that make a wonderful stir-fry with coconut.',
          additionalInformation: 'Refrigerate and use within 5 days.',
          highlights: ['Crunchy', 'Quick to cook'],
        },
        {
          sku: 'FF-VEG-017', name: 'Long Beans (Achinga Payar)', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 30, price: 27, taxPercent: 0, stock: 70, images: ['1fadb'],
          description: 'Tender yard-long beans for mezhukkupuratti and thoran.',
          additionalInformation: 'Refrigerate and use within 3 days.',
          highlights: ['Tender', 'Kerala favourite'],
        },
        {
          sku: 'FF-VEG-018', name: 'Brinjal (Vazhuthananga)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 30, price: 30, taxPercent: 0, stock: 75, images: ['1f346'],
          description: 'Glossy purple brinjals for sambar, theeyal and brinjal fry.',
          additionalInformation: 'Keep in a cool place and use within 4 days.',
          highlights: ['Glossy and firm', 'Few seeds'],
        },
      ],
    },
    {
      name: 'Leafy Greens & Herbs',
      image: '1f96c',
      products: [
        {
          sku: 'FF-VEG-019', name: 'Curry Leaves', brand: 'FarmFresh', weight: 1, weightUnit: 'bunch', mrp: 10, price: 10, taxPercent: 0, stock: 200, images: ['1f33f'],
          description: 'Fragrant, pesticide-free curry leaves for every tempering.',
          additionalInformation: 'Strip the leaves, dry them well and store in an airtight box in the refrigerator for 2 weeks.',
          highlights: ['Pesticide free', 'Very fragrant'],
        },
        {
          sku: 'FF-VEG-020', name: 'Coriander Leaves', brand: 'FarmFresh', weight: 1, weightUnit: 'bunch', mrp: 20, price: 18, taxPercent: 0, stock: 150, images: ['1f33f'],
          description: 'A fresh bunch of coriander with roots, bright and aromatic.',
          additionalInformation: 'Stand the roots in a glass of water in the refrigerator; stays fresh for 5 days.',
          highlights: ['With roots', 'Aromatic'],
        },
        {
          sku: 'FF-VEG-021', name: 'Mint Leaves', brand: 'FarmFresh', weight: 1, weightUnit: 'bunch', mrp: 20, price: 20, taxPercent: 0, stock: 120, images: ['1f33f', '1f343'],
          description: 'Cool, fragrant mint for chutney, biryani and lime juice.',
          additionalInformation: 'Wrap in a damp cloth and refrigerate; best within 4 days.',
          highlights: ['Biryani essential', 'Cooling'],
        },
        {
          sku: 'FF-VEG-022', name: 'Red Amaranth (Chuvanna Cheera)', brand: 'FarmFresh', weight: 1, weightUnit: 'bunch', mrp: 30, price: 27, taxPercent: 0, stock: 60, images: ['1f96c'],
          description: 'Tender red amaranth leaves for a quick cheera thoran with coconut.',
          additionalInformation: 'Refrigerate and cook within 2 days. Grown organically in Thrissur.',
          highlights: ['Rich in iron', 'Organically grown'],
        },
        {
          sku: 'FF-VEG-023', name: 'Spinach (Palak)', brand: 'FarmFresh', weight: 1, weightUnit: 'bunch', mrp: 30, price: 27, taxPercent: 0, stock: 55, images: ['1f96c', '1f33f'],
          description: 'Dark green, tender spinach for palak paneer, dal and soups.',
          additionalInformation: 'Refrigerate and use within 2 days.',
          highlights: ['Tender leaves', 'Washed'],
        },
        {
          sku: 'FF-VEG-024', name: 'Drumstick Leaves (Muringayila)', brand: 'FarmFresh', weight: 1, weightUnit: 'bunch', mrp: 25, price: 25, taxPercent: 0, stock: 0, images: ['1f33f'],
          description: 'Tiny, nutrient-packed moringa leaves for muringayila thoran and dal.',
          additionalInformation: 'Strip the leaves from the stems and cook within a day.',
          highlights: ['Superfood', 'Home-garden grown'],
        },
      ],
    },
    {
      name: 'Chillies, Ginger & Garlic',
      image: '1f336',
      products: [
        {
          sku: 'FF-VEG-025', name: 'Green Chilli', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 25, price: 25, taxPercent: 0, stock: 160, images: ['1f336'],
          description: 'Fresh, medium-hot green chillies for everyday cooking.',
          additionalInformation: 'Remove the stalks and refrigerate in a dry box; keeps for 10 days.',
          highlights: ['Medium heat', 'Everyday essential'],
        },
        {
          sku: 'FF-VEG-026', name: "Kanthari Chilli (Bird's Eye)", brand: 'FarmFresh', weight: 100, weightUnit: 'g', mrp: 60, price: 54, taxPercent: 0, stock: 35, images: ['1f336', '1f9c2'],
          description: 'Tiny, fiery Kanthari chillies from Kerala home gardens. Crush them with shallots and salt for a punchy kanthari chammanthi.',
          additionalInformation: 'Refrigerate and use within a week. Very hot: handle with care.',
          highlights: ['Very hot', 'Kerala heirloom'],
        },
        {
          sku: 'FF-VEG-027', name: 'Ginger', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 45, price: 40, taxPercent: 0, stock: 90, images: ['1fada'],
          description: 'Juicy, fibrous ginger from Wayanad with a warm, sharp bite.',
          additionalInformation: 'Keep in a cool, dry place or refrigerate unpeeled for up to 3 weeks.',
          highlights: ['Wayanad grown', 'Strong aroma'],
        },
        {
          sku: 'FF-VEG-028', name: 'Garlic', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 70, price: 63, taxPercent: 0, stock: 85, images: ['1f9c4'],
          description: 'Plump garlic bulbs with large, easy-to-peel cloves.',
          additionalInformation: 'Store in a dry, airy place for up to a month.',
          highlights: ['Large cloves', 'Easy to peel'],
        },
        {
          sku: 'FF-VEG-029', name: 'Lemon', brand: 'FarmFresh', weight: 6, weightUnit: 'pcs', mrp: 40, price: 36, taxPercent: 0, stock: 95, images: ['1f34b'],
          description: 'Thin-skinned, juicy lemons for lime juice, rasam and salads.',
          additionalInformation: 'Keep in a cool place for a week or refrigerate for 2 weeks.',
          highlights: ['Thin skin', 'Very juicy'],
        },
        {
          sku: 'FF-VEG-030', name: 'Capsicum (Green)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 60, price: 54, taxPercent: 0, stock: 50, images: ['1fad1'],
          description: 'Glossy green capsicum, crunchy and mild, for stir-fries, noodles and salads.',
          additionalInformation: 'Refrigerate and use within 5 days.',
          highlights: ['Crunchy', 'Mild'],
        },
      ],
    },
  ],
};

const sweets: DemoCategory = {
  name: 'Sweets & Mithai',
  description: 'Kerala halwa and snacks, classic Indian mithai, payasam mixes and natural jaggery.',
  image: '1f36c',
  subcategories: [
    {
      name: 'Kerala Sweets',
      image: '1f96e',
      products: [
        {
          sku: 'FF-SWT-001', name: 'Kozhikode Halwa (Black)', brand: 'Malabar Halwa House', weight: 500, weightUnit: 'g', mrp: 220, price: 198, taxPercent: 5, stock: 50, images: ['1f36c', '1f96e'],
          description: 'The famous Kozhikode halwa, slow-cooked with jaggery, coconut oil and cashews until dark, glossy and chewy.',
          additionalInformation: 'Keep in a cool, dry place; best within 30 days. Made in Kozhikode.',
          highlights: ['Made with jaggery', 'Studded with cashews', 'Kozhikode classic'],
        },
        {
          sku: 'FF-SWT-002', name: 'Kozhikode Halwa (Red)', brand: 'Malabar Halwa House', weight: 500, weightUnit: 'g', mrp: 200, price: 200, taxPercent: 5, stock: 45, images: ['1f36c'],
          description: 'Soft, jewel-red Kozhikode halwa made with wheat, sugar and ghee, fragrant with cardamom.',
          additionalInformation: 'Keep in a cool, dry place; best within 30 days. Made in Kozhikode.',
          highlights: ['Ghee rich', 'Cardamom scented'],
        },
        {
          sku: 'FF-SWT-003', name: 'Unniyappam', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 5, stock: 40, images: ['1f369', '1f34c'],
          description: 'Soft, round little fritters of rice, ripe banana and jaggery, fried in ghee with coconut bits. About 12 pieces.',
          additionalInformation: 'Made fresh in Thrissur. Keep in an airtight box and eat within 5 days.',
          highlights: ['Freshly made', 'Fried in ghee', 'Temple-style recipe'],
        },
        {
          sku: 'FF-SWT-004', name: 'Achappam (Rose Cookies)', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 110, price: 99, taxPercent: 5, stock: 55, images: ['1f36a', '1f33a'],
          description: 'Crisp, lacy flower-shaped rice cookies with coconut milk and sesame, a Kerala Christmas favourite.',
          additionalInformation: 'Store in an airtight container; stays crisp for 3 weeks.',
          highlights: ['Light and crisp', 'With coconut milk'],
        },
        {
          sku: 'FF-SWT-005', name: 'Kuzhalappam', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 100, price: 100, taxPercent: 5, stock: 45, images: ['1f968'],
          description: 'Crunchy rolled rice tubes flavoured with garlic, cumin and sesame. A teatime treat from central Kerala.',
          additionalInformation: 'Store in an airtight container; best within 3 weeks.',
          highlights: ['Crunchy', 'Savoury-sweet'],
        },
        {
          sku: 'FF-SWT-006', name: 'Sharkara Varatti', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 150, price: 135, taxPercent: 5, stock: 60, images: ['1f34c', '1f36f'],
          description: 'Thick Nendran banana chips coated in jaggery syrup with dry ginger and cardamom, a must on the Onam sadya leaf.',
          additionalInformation: 'Keep in an airtight container away from moisture; best within 3 weeks.',
          highlights: ['Onam sadya classic', 'Jaggery coated'],
        },
        {
          sku: 'FF-SWT-007', name: 'Neyyappam', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 120, price: 120, taxPercent: 5, stock: 35, images: ['1f369'],
          description: 'Thick, soft rice-and-jaggery appams fried in ghee, crisp at the edges and spongy inside.',
          additionalInformation: 'Made fresh in Thrissur. Eat within 4 days.',
          highlights: ['Fried in ghee', 'Freshly made'],
        },
      ],
    },
    {
      name: 'Indian Mithai',
      image: '1f36c',
      products: [
        {
          sku: 'FF-SWT-008', name: 'Ghee Mysore Pak', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 380, price: 342, taxPercent: 5, stock: 40, images: ['1f36c', '1f381'],
          description: 'Melt-in-the-mouth Mysore pak made with gram flour, sugar and plenty of pure ghee.',
          additionalInformation: 'Keep in a cool, dry place; best within 15 days.',
          highlights: ['Pure ghee', 'Melt-in-the-mouth'],
        },
        {
          sku: 'FF-SWT-009', name: 'Kaju Katli', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 340, price: 306, taxPercent: 5, stock: 50, images: ['1f36c', '1f95c'],
          description: 'Smooth diamond-cut cashew fudge made with Kollam cashews and a touch of silver leaf.',
          additionalInformation: 'Refrigerate after opening; best within 15 days.',
          highlights: ['Kollam cashews', 'Festive favourite'],
        },
        {
          sku: 'FF-SWT-010', name: 'Motichoor Laddu', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 280, price: 280, taxPercent: 5, stock: 35, images: ['1f36c'],
          description: 'Soft laddus of fine boondi pearls cooked in ghee and sugar syrup, with cardamom and melon seeds.',
          additionalInformation: 'Keep in a cool place; best within 7 days.',
          highlights: ['Made in ghee', 'Soft and fragrant'],
        },
        {
          sku: 'FF-SWT-011', name: 'Gulab Jamun (Tin)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 320, price: 288, taxPercent: 5, stock: 30, images: ['1f36c', '1f36f'],
          description: 'Soft khoya dumplings soaked in rose and cardamom syrup. Warm them up for a quick dessert.',
          additionalInformation: 'Unopened tin keeps for 6 months; refrigerate after opening and finish within 5 days.',
          highlights: ['Ready to serve', 'Serve warm'],
        },
        {
          sku: 'FF-SWT-012', name: 'Rasgulla (Tin)', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 300, price: 300, taxPercent: 5, stock: 0, images: ['1f36c'],
          description: 'Spongy chhena balls in light sugar syrup, best served chilled.',
          additionalInformation: 'Unopened tin keeps for 6 months; refrigerate after opening and finish within 5 days.',
          highlights: ['Spongy', 'Serve chilled'],
        },
        {
          sku: 'FF-SWT-013', name: 'Soan Papdi', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 180, price: 162, taxPercent: 5, stock: 70, images: ['1f36c'],
          description: 'Flaky, cube-shaped sweet that melts on the tongue, with pistachio and cardamom.',
          additionalInformation: 'Keep in a cool, dry place; best within 3 months.',
          highlights: ['Flaky layers', 'Long shelf life'],
        },
        {
          sku: 'FF-SWT-014', name: 'Milk Peda', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 200, price: 180, taxPercent: 5, stock: 40, images: ['1f36c', '1f95b'],
          description: 'Soft, fudgy pedas made from slow-reduced milk and sugar.',
          additionalInformation: 'Refrigerate and eat within 7 days.',
          highlights: ['Made from milk', 'Soft and fudgy'],
        },
      ],
    },
    {
      name: 'Payasam Mixes',
      image: '1f963',
      products: [
        {
          sku: 'FF-SWT-015', name: 'Palada Payasam Mix', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 95, price: 90, taxPercent: 5, stock: 80, images: ['1f963', '1f95b'],
          description: 'Rice ada and sugar in one pack for creamy pink palada payasam. Just add milk and simmer.',
          additionalInformation: 'Serves 4–5. Store in a cool, dry place; best within 9 months.',
          highlights: ['Just add milk', 'Serves 4–5'],
        },
        {
          sku: 'FF-SWT-016', name: 'Ada Pradhaman Mix', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 110, price: 110, taxPercent: 5, stock: 60, images: ['1f963', '1f965'],
          description: 'Rice ada with jaggery for the classic sadya pradhaman. Cook it in coconut milk and finish with ghee-fried cashews.',
          additionalInformation: 'Serves 5–6. Store in a cool, dry place; best within 9 months.',
          highlights: ['Onam favourite', 'With jaggery'],
        },
        {
          sku: 'FF-SWT-017', name: 'Semiya Payasam Mix', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 80, price: 72, taxPercent: 5, stock: 75, images: ['1f963'],
          description: 'Roasted vermicelli, sugar, cashews and raisins for a quick semiya payasam in 15 minutes.',
          additionalInformation: 'Serves 4. Store in a cool, dry place; best within 6 months.',
          highlights: ['Ready in 15 minutes', 'With cashews and raisins'],
        },
        {
          sku: 'FF-SWT-018', name: 'Parippu Payasam Mix', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 5, stock: 50, images: ['1f963', '1f36f'],
          description: 'Roasted moong dal and jaggery for rich parippu pradhaman with coconut milk.',
          additionalInformation: 'Serves 5. Store in a cool, dry place; best within 6 months.',
          highlights: ['Roasted moong dal', 'With jaggery'],
        },
        {
          sku: 'FF-SWT-019', name: 'Rice Ada (for Payasam)', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 65, price: 65, taxPercent: 5, stock: 90, images: ['1f963', '1f33e'],
          description: 'Thin flakes of steamed rice ada, the heart of palada and ada pradhaman.',
          additionalInformation: 'Store in a cool, dry place; best within 9 months.',
          highlights: ['Thin flakes', 'Made from raw rice'],
        },
      ],
    },
    {
      name: 'Jaggery & Honey',
      image: '1f36f',
      products: [
        {
          sku: 'FF-SWT-020', name: 'Marayoor Jaggery (Sharkara)', brand: 'Marayoor Farmers', weight: 1, weightUnit: 'kg', mrp: 160, price: 144, taxPercent: 5, stock: 70, images: ['1f36f', '1f33e'],
          description: 'GI-tagged Marayoor jaggery, hand-made from sugarcane in the Idukki hills. Deep, caramel sweetness and very little salt.',
          additionalInformation: 'Store in an airtight jar away from moisture; best within 6 months.',
          highlights: ['GI tagged', 'No chemicals', 'Hand made'],
        },
        {
          sku: 'FF-SWT-021', name: 'Palm Jaggery (Karupatti)', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 220, price: 220, taxPercent: 5, stock: 40, images: ['1f36f'],
          description: 'Dark palm jaggery from palmyra sap with a smoky, mineral sweetness. Lovely in coffee and payasam.',
          additionalInformation: 'Store in an airtight jar; best within 6 months.',
          highlights: ['From palmyra sap', 'Unrefined'],
        },
        {
          sku: 'FF-SWT-022', name: 'Organic Jaggery Powder', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 95, price: 86, taxPercent: 5, stock: 85, images: ['1f36f', '1f944'],
          description: 'Free-flowing jaggery powder that dissolves easily in tea, coffee and baking.',
          additionalInformation: 'Store in an airtight jar; best within 9 months.',
          highlights: ['Free flowing', 'Certified organic'],
        },
        {
          sku: 'FF-SWT-023', name: 'Wild Forest Honey', brand: 'Nila Foods', weight: 500, weightUnit: 'g', mrp: 450, price: 405, taxPercent: 5, stock: 30, images: ['1f36f', '1f41d'],
          description: 'Raw, unprocessed honey collected by tribal cooperatives in the Western Ghats forests.',
          additionalInformation: 'Natural crystallisation is a sign of purity; stand the jar in warm water to soften. Best within 18 months.',
          highlights: ['Raw and unheated', 'Western Ghats'],
        },
        {
          sku: 'FF-SWT-024', name: 'Multiflora Honey', brand: 'Nila Foods', weight: 1, weightUnit: 'kg', mrp: 560, price: 520, taxPercent: 5, stock: 25, images: ['1f36f', '1f33c', '1f41d'],
          description: 'Golden multiflora honey from bee farms in Thrissur and Palakkad, smooth and gently floral.',
          additionalInformation: 'Store at room temperature with the lid tightly closed; best within 18 months.',
          highlights: ['Family pack', 'Kerala bee farms'],
        },
        {
          sku: 'FF-SWT-025', name: 'Palm Sugar Candy (Panamkalkandam)', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 120, price: 120, taxPercent: 5, stock: 45, images: ['1f36c'],
          description: 'Crystals of palm sugar, traditionally taken with pepper for a sore throat or added to warm milk.',
          additionalInformation: 'Store in an airtight jar; keeps for a year.',
          highlights: ['Traditional remedy', 'Unrefined'],
        },
      ],
    },
  ],
};

const pickles: DemoCategory = {
  name: 'Pickles & Chutneys',
  description: 'Home-style Kerala pickles, chammanthi podis, sauces and jams made in small batches.',
  image: '1fad9',
  subcategories: [
    {
      name: 'Mango Pickles',
      image: '1f96d',
      products: [
        {
          sku: 'FF-PKL-001', name: 'Kadumanga Pickle (Cut Mango)', brand: "Ammini's Kitchen", weight: 400, weightUnit: 'g', mrp: 150, price: 135, taxPercent: 5, stock: 80, images: ['1fad9', '1f96d'],
          description: 'Small pieces of raw mango in gingelly oil with Kashmiri chilli, mustard and fenugreek: the sadya-style kadumanga every Kerala meal wants.',
          additionalInformation: 'Use a dry spoon; keeps for 6 months unopened and 2 months after opening. Made in Thrissur.',
          highlights: ['Sadya style', 'Gingelly oil', 'No artificial colour'],
        },
        {
          sku: 'FF-PKL-002', name: 'Tender Mango Pickle (Kannimanga)', brand: "Ammini's Kitchen", weight: 400, weightUnit: 'g', mrp: 180, price: 180, taxPercent: 5, stock: 60, images: ['1fad9', '1f96d'],
          description: 'Whole baby mangoes cured in brine and chilli until tender and tangy, a prized Kerala pickle.',
          additionalInformation: 'Use a dry spoon; keeps for 6 months. Tender mangoes from Thrissur.',
          highlights: ['Whole tender mangoes', 'Brine cured'],
        },
        {
          sku: 'FF-PKL-003', name: 'Sweet Mango Pickle', brand: 'FarmFresh', weight: 300, weightUnit: 'g', mrp: 140, price: 126, taxPercent: 5, stock: 50, images: ['1fad9', '1f96d'],
          description: 'Grated raw mango cooked with jaggery and mild spices, sweet, tangy and gently warm.',
          additionalInformation: 'Refrigerate after opening; best within 2 months.',
          highlights: ['Sweet and tangy', 'Made with jaggery'],
        },
        {
          sku: 'FF-PKL-004', name: 'Mango Thokku', brand: 'FarmFresh', weight: 300, weightUnit: 'g', mrp: 130, price: 117, taxPercent: 5, stock: 45, images: ['1fad9'],
          description: 'Grated mango slow-cooked in sesame oil with chilli and asafoetida into a spreadable relish. Great with curd rice.',
          additionalInformation: 'Use a dry spoon; best within 3 months after opening.',
          highlights: ['Spreadable', 'Curd-rice partner'],
        },
        {
          sku: 'FF-PKL-005', name: 'Avakaya Mango Pickle', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 220, price: 198, taxPercent: 5, stock: 40, images: ['1fad9', '1f96d', '1f336'],
          description: 'Fiery Andhra-style pickle of large mango pieces with the stone, mustard powder and red chilli in groundnut oil.',
          additionalInformation: 'Keeps for 9 months; stir the oil through before each use.',
          highlights: ['Extra hot', 'Andhra recipe'],
        },
        {
          sku: 'FF-PKL-006', name: 'Mango Ginger Pickle (Manga Inji)', brand: "Ammini's Kitchen", weight: 300, weightUnit: 'g', mrp: 120, price: 120, taxPercent: 5, stock: 35, images: ['1fad9', '1fada'],
          description: 'Mango ginger, the root that smells of raw mango, pickled in lime juice with green chilli.',
          additionalInformation: 'Refrigerate after opening; best within a month.',
          highlights: ['Fresh and zesty', 'Oil free'],
        },
      ],
    },
    {
      name: 'Lime & Vegetable Pickles',
      image: '1f34b',
      products: [
        {
          sku: 'FF-PKL-007', name: 'Lime Pickle (Naranga)', brand: "Ammini's Kitchen", weight: 400, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 5, stock: 90, images: ['1fad9', '1f34b'],
          description: 'Tender lime pieces matured until soft, then spiced with chilli and fenugreek in gingelly oil.',
          additionalInformation: 'Use a dry spoon; keeps for 6 months.',
          highlights: ['Matured limes', 'Gingelly oil'],
        },
        {
          sku: 'FF-PKL-008', name: 'Lime and Dates Pickle', brand: 'FarmFresh', weight: 300, weightUnit: 'g', mrp: 140, price: 140, taxPercent: 5, stock: 45, images: ['1fad9', '1f34b', '1f334'],
          description: 'A sweet-and-sour Malabar pickle of lime and soft dates, loved with biryani.',
          additionalInformation: 'Refrigerate after opening; best within 2 months.',
          highlights: ['Sweet and sour', 'Biryani partner'],
        },
        {
          sku: 'FF-PKL-009', name: 'Garlic Pickle (Veluthulli)', brand: "Ammini's Kitchen", weight: 300, weightUnit: 'g', mrp: 150, price: 135, taxPercent: 5, stock: 55, images: ['1fad9', '1f9c4'],
          description: 'Whole garlic cloves slow-cooked in gingelly oil with chilli, tamarind and a hint of jaggery.',
          additionalInformation: 'Use a dry spoon; keeps for 6 months.',
          highlights: ['Whole cloves', 'Rich and tangy'],
        },
        {
          sku: 'FF-PKL-010', name: 'Gooseberry Pickle (Nellikka)', brand: 'FarmFresh', weight: 300, weightUnit: 'g', mrp: 110, price: 99, taxPercent: 5, stock: 50, images: ['1fad9', '1f34f'],
          description: 'Whole Indian gooseberries in a spicy, tangy masala.',
          additionalInformation: 'Use a dry spoon; keeps for 4 months.',
          highlights: ['Vitamin C', 'Whole gooseberries'],
        },
        {
          sku: 'FF-PKL-011', name: 'Bilimbi Pickle (Irumban Puli)', brand: "Ammini's Kitchen", weight: 300, weightUnit: 'g', mrp: 120, price: 120, taxPercent: 5, stock: 30, images: ['1fad9', '1f952'],
          description: 'Sharp, sour bilimbi from Kerala backyards, pickled with chilli and garlic. A little goes a long way.',
          additionalInformation: 'Refrigerate after opening; best within 2 months.',
          highlights: ['Backyard fruit', 'Very tangy'],
        },
        {
          sku: 'FF-PKL-012', name: 'Mixed Vegetable Pickle', brand: 'FarmFresh', weight: 400, weightUnit: 'g', mrp: 130, price: 117, taxPercent: 5, stock: 60, images: ['1fad9', '1f955'],
          description: 'Carrot, cauliflower, lime, green chilli and ginger in a tangy mustard masala.',
          additionalInformation: 'Use a dry spoon; keeps for 4 months.',
          highlights: ['Five vegetables', 'Mustard masala'],
        },
        {
          sku: 'FF-PKL-013', name: 'Green Chilli Pickle', brand: 'FarmFresh', weight: 300, weightUnit: 'g', mrp: 100, price: 90, taxPercent: 5, stock: 40, images: ['1fad9', '1f336'],
          description: 'Slit green chillies stuffed with mustard and fennel, pickled in lemon juice and oil.',
          additionalInformation: 'Use a dry spoon; keeps for 4 months.',
          highlights: ['Hot', 'Lemon cured'],
        },
      ],
    },
    {
      name: 'Chutneys & Podis',
      image: '1f965',
      products: [
        {
          sku: 'FF-PKL-014', name: 'Coconut Chammanthi Podi', brand: "Ammini's Kitchen", weight: 200, weightUnit: 'g', mrp: 90, price: 90, taxPercent: 5, stock: 70, images: ['1f965', '1f336'],
          description: 'Roasted coconut ground with dried red chilli, shallots, tamarind and curry leaves. Mix with rice and a spoon of coconut oil.',
          additionalInformation: 'Store airtight; best within 3 months.',
          highlights: ['Roasted coconut', 'Rice mix'],
        },
        {
          sku: 'FF-PKL-015', name: 'Puli Inji (Ginger Tamarind Curry)', brand: "Ammini's Kitchen", weight: 250, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 5, stock: 50, images: ['1fada', '1fad9'],
          description: 'Also called inji curry: ginger, green chilli and tamarind cooked with jaggery into a sweet, sour and spicy sadya relish.',
          additionalInformation: 'Refrigerate after opening; best within 1 month.',
          highlights: ['Sadya essential', 'Sweet, sour and hot'],
        },
        {
          sku: 'FF-PKL-016', name: 'Tomato Chutney', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 99, price: 89, taxPercent: 5, stock: 55, images: ['1f345', '1fad9'],
          description: 'Ripe tomatoes cooked down with red chilli, garlic and mustard: spread it on dosa or serve with idli.',
          additionalInformation: 'Refrigerate after opening; best within 3 weeks.',
          highlights: ['Ready to serve', 'Dosa partner'],
        },
        {
          sku: 'FF-PKL-017', name: 'Curry Leaf Chutney Powder', brand: 'FarmFresh', weight: 100, weightUnit: 'g', mrp: 70, price: 63, taxPercent: 5, stock: 65, images: ['1f33f'],
          description: 'Roasted curry leaves, urad dal and pepper ground into an aromatic podi for rice and idli.',
          additionalInformation: 'Store airtight; best within 3 months.',
          highlights: ['Aromatic', 'Iron rich'],
        },
        {
          sku: 'FF-PKL-018', name: 'Tamarind Chutney', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 95, price: 95, taxPercent: 5, stock: 45, images: ['1fad9'],
          description: 'Sweet and tangy tamarind-jaggery chutney with roasted cumin, for chaat, samosa and cutlets.',
          additionalInformation: 'Refrigerate after opening; best within 2 months.',
          highlights: ['Sweet and tangy', 'Chaat ready'],
        },
        {
          sku: 'FF-PKL-019', name: 'Idli Podi (Gunpowder)', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 85, price: 77, taxPercent: 5, stock: 60, images: ['1f336', '1f9c2'],
          description: 'Coarse powder of roasted lentils, red chilli and sesame. Mix with gingelly oil and enjoy with idli and dosa.',
          additionalInformation: 'Store airtight; best within 3 months.',
          highlights: ['Roasted lentils', 'Medium hot'],
        },
      ],
    },
    {
      name: 'Sauces & Jams',
      image: '1f96b',
      products: [
        {
          sku: 'FF-PKL-020', name: 'Tomato Ketchup', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 130, price: 117, taxPercent: 5, stock: 100, images: ['1f345', '1f96b'],
          description: 'Thick, tangy tomato ketchup made from sun-ripened tomatoes, with no added colour.',
          additionalInformation: 'Refrigerate after opening; best within 2 months.',
          highlights: ['Real tomatoes', 'No added colour'],
        },
        {
          sku: 'FF-PKL-021', name: 'Green Chilli Sauce', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 80, price: 80, taxPercent: 5, stock: 55, images: ['1f336', '1f96b'],
          description: 'Hot green chilli sauce for noodles, fried rice and snacks.',
          additionalInformation: 'Refrigerate after opening; best within 2 months.',
          highlights: ['Hot', 'Indo-Chinese favourite'],
        },
        {
          sku: 'FF-PKL-022', name: 'Mixed Fruit Jam', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 190, price: 171, taxPercent: 5, stock: 60, images: ['1f353', '1f34d', '1fad9'],
          description: 'A fruity jam of pineapple, papaya, apple and grapes for toast and sandwiches.',
          additionalInformation: 'Refrigerate after opening; best within 3 months.',
          highlights: ['Real fruit', 'Kids love it'],
        },
        {
          sku: 'FF-PKL-023', name: 'Pineapple Jam', brand: 'Vazhakulam Growers', weight: 500, weightUnit: 'g', mrp: 180, price: 162, taxPercent: 5, stock: 40, images: ['1f34d', '1fad9'],
          description: 'Golden jam made from Vazhakulam pineapples, bright and tangy.',
          additionalInformation: 'Refrigerate after opening; best within 3 months.',
          highlights: ['Vazhakulam pineapple', 'Tangy'],
        },
        {
          sku: 'FF-PKL-024', name: 'Garlic Chilli Dip', brand: "Ammini's Kitchen", weight: 200, weightUnit: 'g', mrp: 110, price: 110, taxPercent: 5, stock: 35, images: ['1f9c4', '1f336'],
          description: 'A punchy dip of roasted garlic and red chilli for kappa, momos and grilled snacks.',
          additionalInformation: 'Refrigerate after opening; best within 1 month.',
          highlights: ['Roasted garlic', 'Hot'],
        },
      ],
    },
  ],
};

const dryFruits: DemoCategory = {
  name: 'Dry Fruits & Nuts',
  description: 'Kollam cashews, almonds, dates and raisins, plus crisp Kerala chips fried in coconut oil.',
  image: '1f95c',
  subcategories: [
    {
      name: 'Cashews',
      image: '1f95c',
      products: [
        {
          sku: 'FF-DRY-001', name: 'Kollam Cashews W240', brand: 'Kollam Cashew Co.', weight: 500, weightUnit: 'g', mrp: 620, price: 549, taxPercent: 5, stock: 60, images: ['1f95c', '1f330'],
          description: 'Large, creamy-white whole cashews processed in Kollam, the cashew capital of India. Rich and buttery.',
          additionalInformation: 'Store in an airtight container in a cool place; best within 6 months. Processed in Kollam, Kerala.',
          highlights: ['W240 grade', 'Whole kernels', 'From Kollam'],
        },
        {
          sku: 'FF-DRY-002', name: 'Kollam Cashews W320', brand: 'Kollam Cashew Co.', weight: 500, weightUnit: 'g', mrp: 520, price: 468, taxPercent: 5, stock: 80, images: ['1f95c'],
          description: 'The everyday whole cashew: crunchy, sweet and perfect for snacking, payasam and biryani.',
          additionalInformation: 'Store airtight in a cool place; best within 6 months.',
          highlights: ['W320 grade', 'Everyday favourite'],
        },
        {
          sku: 'FF-DRY-003', name: 'Kollam Cashews W180 (King Size)', brand: 'Kollam Cashew Co.', weight: 1, weightUnit: 'kg', mrp: 1450, price: 1299, taxPercent: 5, stock: 20, images: ['1f95c', '1f381'],
          description: 'The largest cashew grade, hand sorted. A generous gift box for festivals and weddings.',
          additionalInformation: 'Store airtight in a cool place; best within 6 months.',
          highlights: ['W180 jumbo grade', 'Gift box', 'Hand sorted'],
        },
        {
          sku: 'FF-DRY-004', name: 'Roasted Salted Cashews', brand: 'Kollam Cashew Co.', weight: 250, weightUnit: 'g', mrp: 320, price: 288, taxPercent: 5, stock: 55, images: ['1f95c', '1f9c2'],
          description: 'Whole cashews slow-roasted and lightly salted for a crunchy snack.',
          additionalInformation: 'Reseal after opening; best within 3 months.',
          highlights: ['Lightly salted', 'Slow roasted'],
        },
        {
          sku: 'FF-DRY-005', name: 'Pepper Roasted Cashews', brand: 'Kollam Cashew Co.', weight: 200, weightUnit: 'g', mrp: 290, price: 290, taxPercent: 5, stock: 40, images: ['1f95c', '1f336'],
          description: 'Roasted cashews tossed with crushed Wayanad black pepper and a pinch of salt.',
          additionalInformation: 'Reseal after opening; best within 3 months.',
          highlights: ['Wayanad pepper', 'Spicy crunch'],
        },
        {
          sku: 'FF-DRY-006', name: 'Cashew Splits', brand: 'Kollam Cashew Co.', weight: 250, weightUnit: 'g', mrp: 240, price: 216, taxPercent: 5, stock: 70, images: ['1f95c'],
          description: 'Split cashew halves at a friendlier price, ideal for frying into payasam, upma and pulao.',
          additionalInformation: 'Store airtight in a cool place; best within 6 months.',
          highlights: ['Good for cooking', 'Value pack'],
        },
      ],
    },
    {
      name: 'Almonds, Walnuts & Pistachios',
      image: '1f330',
      products: [
        {
          sku: 'FF-DRY-007', name: 'California Almonds', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 480, price: 432, taxPercent: 5, stock: 75, images: ['1f330'],
          description: 'Plump, crunchy California almonds for soaking, snacking and baking.',
          additionalInformation: 'Store airtight in a cool place; best within 9 months.',
          highlights: ['Crunchy', 'Soak overnight'],
        },
        {
          sku: 'FF-DRY-008', name: 'Mamra Almonds', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 650, price: 599, taxPercent: 5, stock: 25, images: ['1f330', '1f381'],
          description: 'Rare, oil-rich Mamra almonds from Iran with a deep, sweet flavour. Small, concave and prized.',
          additionalInformation: 'Store airtight in a cool place; best within 9 months.',
          highlights: ['Premium grade', 'Naturally oil rich'],
        },
        {
          sku: 'FF-DRY-009', name: 'Walnut Kernels', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 380, price: 342, taxPercent: 5, stock: 45, images: ['1f330'],
          description: 'Light-coloured Kashmiri walnut halves, buttery and mild.',
          additionalInformation: 'Refrigerate after opening to keep them fresh; best within 6 months.',
          highlights: ['Kashmir walnuts', 'Omega-3'],
        },
        {
          sku: 'FF-DRY-010', name: 'Salted Pistachios', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 420, price: 420, taxPercent: 5, stock: 50, images: ['1f95c'],
          description: 'In-shell roasted pistachios, lightly salted and easy to crack open.',
          additionalInformation: 'Reseal after opening; best within 6 months.',
          highlights: ['Roasted in shell', 'Lightly salted'],
        },
        {
          sku: 'FF-DRY-011', name: 'Roasted Peanuts', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 5, stock: 90, images: ['1f95c'],
          description: 'Crunchy, skin-on roasted peanuts for snacking, chikki and chutney.',
          additionalInformation: 'Store airtight; best within 3 months.',
          highlights: ['Skin on', 'Protein rich'],
        },
        {
          sku: 'FF-DRY-012', name: 'Premium Mixed Nuts', brand: 'FarmFresh', weight: 400, weightUnit: 'g', mrp: 520, price: 468, taxPercent: 5, stock: 35, images: ['1f95c', '1f330', '1f347'],
          description: 'Cashews, almonds, walnuts, pistachios and raisins in one jar.',
          additionalInformation: 'Store airtight in a cool place; best within 6 months.',
          highlights: ['Five in one', 'Healthy snacking'],
        },
      ],
    },
    {
      name: 'Dates, Raisins & Dried Fruit',
      image: '1f334',
      products: [
        {
          sku: 'FF-DRY-013', name: 'Kimia Dates', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 340, price: 306, taxPercent: 5, stock: 60, images: ['1f334'],
          description: 'Soft, dark and juicy Iranian Kimia dates with a rich, chocolatey sweetness.',
          additionalInformation: 'Refrigerate to keep them soft; best within 6 months.',
          highlights: ['Soft and moist', 'Iranian dates'],
        },
        {
          sku: 'FF-DRY-014', name: 'Medjool Dates', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 899, price: 799, taxPercent: 5, stock: 0, images: ['1f334', '1f381'],
          description: 'Large, caramel-sweet Medjool dates with a tender bite. The king of dates.',
          additionalInformation: 'Refrigerate; best within 6 months. Imported from Jordan.',
          highlights: ['Jumbo size', 'Caramel taste'],
        },
        {
          sku: 'FF-DRY-015', name: 'Seedless Dates', brand: 'FarmFresh', weight: 500, weightUnit: 'g', mrp: 180, price: 180, taxPercent: 5, stock: 85, images: ['1f334'],
          description: 'Pitted Arabian dates, sweet and soft, for snacking, milkshakes and date pickle.',
          additionalInformation: 'Store in a cool place; best within 6 months.',
          highlights: ['Pitted', 'Value pack'],
        },
        {
          sku: 'FF-DRY-016', name: 'Golden Raisins', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 140, price: 126, taxPercent: 5, stock: 70, images: ['1f347'],
          description: 'Plump golden raisins from Nashik for payasam, biryani and baking.',
          additionalInformation: 'Store airtight; best within 9 months.',
          highlights: ['Plump', 'Payasam essential'],
        },
        {
          sku: 'FF-DRY-017', name: 'Black Raisins (Seedless)', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 160, price: 144, taxPercent: 5, stock: 55, images: ['1f347'],
          description: 'Sweet, chewy seedless black raisins, rich in iron.',
          additionalInformation: 'Store airtight; best within 9 months.',
          highlights: ['Seedless', 'Iron rich'],
        },
        {
          sku: 'FF-DRY-018', name: 'Dried Figs (Anjeer)', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 450, price: 405, taxPercent: 5, stock: 35, images: ['1f351'],
          description: 'Soft, honey-sweet dried figs from Afghanistan, full of tiny crunchy seeds.',
          additionalInformation: 'Refrigerate after opening; best within 6 months.',
          highlights: ['High in fibre', 'Naturally sweet'],
        },
        {
          sku: 'FF-DRY-019', name: 'Dried Apricots', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 320, price: 320, taxPercent: 5, stock: 40, images: ['1f351'],
          description: 'Tender, tangy-sweet dried apricots for snacking and desserts.',
          additionalInformation: 'Store airtight; best within 9 months.',
          highlights: ['Tangy-sweet', 'No added sugar'],
        },
      ],
    },
    {
      name: 'Kerala Chips & Snacks',
      image: '1f34c',
      products: [
        {
          sku: 'FF-DRY-020', name: 'Banana Chips (Coconut Oil)', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 5, stock: 100, images: ['1f34c', '1f965'],
          description: 'Thin Nendran banana chips fried in pure coconut oil and lightly salted, golden and crisp.',
          additionalInformation: 'Fried fresh in Thrissur. Store airtight; best within 45 days.',
          highlights: ['Pure coconut oil', 'Nendran bananas', 'Freshly fried'],
        },
        {
          sku: 'FF-DRY-021', name: 'Banana Chips Family Pack', brand: 'FarmFresh', weight: 1, weightUnit: 'kg', mrp: 440, price: 399, taxPercent: 5, stock: 40, images: ['1f34c', '1f965'],
          description: 'A kilo of our coconut-oil banana chips for parties, trips and relatives abroad.',
          additionalInformation: 'Fried fresh in Thrissur. Store airtight; best within 45 days.',
          highlights: ['1 kg pack', 'Pure coconut oil'],
        },
        {
          sku: 'FF-DRY-022', name: 'Jackfruit Chips', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 150, price: 135, taxPercent: 5, stock: 45, images: ['1f348'],
          description: 'Crisp, gently sweet chips of semi-ripe Varikka jackfruit fried in coconut oil.',
          additionalInformation: 'Store airtight; best within 45 days.',
          highlights: ['Varikka jackfruit', 'Coconut oil'],
        },
        {
          sku: 'FF-DRY-023', name: 'Spicy Tapioca Chips', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 70, price: 70, taxPercent: 5, stock: 80, images: ['1f360', '1f336'],
          description: 'Crunchy kappa chips dusted with chilli and salt.',
          additionalInformation: 'Store airtight; best within 45 days.',
          highlights: ['Spicy', 'Teatime snack'],
        },
        {
          sku: 'FF-DRY-024', name: 'Kerala Mixture', brand: 'FarmFresh', weight: 250, weightUnit: 'g', mrp: 80, price: 72, taxPercent: 5, stock: 75, images: ['1f95c', '1f336'],
          description: 'Crunchy sev, boondi, peanuts and curry leaves with a hot Kerala-style spice mix.',
          additionalInformation: 'Store airtight; best within 45 days.',
          highlights: ['With curry leaves', 'Hot and crunchy'],
        },
        {
          sku: 'FF-DRY-025', name: 'Pakkavada (Ribbon Pakoda)', brand: 'FarmFresh', weight: 200, weightUnit: 'g', mrp: 70, price: 63, taxPercent: 5, stock: 60, images: ['1f968'],
          description: 'Crisp ribbons of rice and gram flour with chilli and asafoetida.',
          additionalInformation: 'Store airtight; best within 45 days.',
          highlights: ['Crisp', 'Teatime snack'],
        },
      ],
    },
  ],
};

const bakery: DemoCategory = {
  name: 'Bakery',
  description: 'Breads, cakes, rusks and puffs baked fresh every morning in Thrissur.',
  image: '1f35e',
  subcategories: [
    {
      name: 'Breads & Buns',
      image: '1f35e',
      products: [
        {
          sku: 'FF-BAK-001', name: 'Sandwich Bread', brand: 'Thrissur Bakes', weight: 400, weightUnit: 'g', mrp: 45, price: 45, taxPercent: 0, stock: 60, images: ['1f35e'],
          description: 'Soft white sandwich loaf, sliced and baked fresh every morning.',
          additionalInformation: 'Keep in a cool, dry place; best within 3 days.',
          highlights: ['Baked daily', 'Pre-sliced'],
        },
        {
          sku: 'FF-BAK-002', name: 'Whole Wheat Bread', brand: 'Thrissur Bakes', weight: 400, weightUnit: 'g', mrp: 55, price: 50, taxPercent: 0, stock: 50, images: ['1f35e', '1f33e'],
          description: 'Wholesome brown bread made with whole wheat flour, soft and nutty.',
          additionalInformation: 'Keep in a cool, dry place; best within 3 days.',
          highlights: ['Whole wheat', 'High fibre'],
        },
        {
          sku: 'FF-BAK-003', name: 'Milk Bread', brand: 'Thrissur Bakes', weight: 350, weightUnit: 'g', mrp: 50, price: 50, taxPercent: 0, stock: 45, images: ['1f35e', '1f95b'],
          description: 'A pillowy, slightly sweet loaf enriched with milk, a children\'s favourite.',
          additionalInformation: 'Keep in a cool, dry place; best within 3 days.',
          highlights: ['Made with milk', 'Extra soft'],
        },
        {
          sku: 'FF-BAK-004', name: 'Multigrain Bread', brand: 'Thrissur Bakes', weight: 400, weightUnit: 'g', mrp: 65, price: 59, taxPercent: 0, stock: 40, images: ['1f35e', '1f33e'],
          description: 'Hearty bread with oats, ragi, flax and sunflower seeds.',
          additionalInformation: 'Keep in a cool, dry place; best within 3 days.',
          highlights: ['Seven grains', 'Seeded crust'],
        },
        {
          sku: 'FF-BAK-005', name: 'Pav Buns', brand: 'Thrissur Bakes', weight: 6, weightUnit: 'pcs', mrp: 40, price: 36, taxPercent: 0, stock: 55, images: ['1f35e'],
          description: 'Soft, pull-apart pav for pav bhaji, vada pav and egg roast.',
          additionalInformation: 'Best on the day of delivery; keeps for 2 days.',
          highlights: ['Pull-apart', 'Baked daily'],
        },
        {
          sku: 'FF-BAK-006', name: 'Sweet Bun', brand: 'Thrissur Bakes', weight: 4, weightUnit: 'pcs', mrp: 40, price: 40, taxPercent: 0, stock: 50, images: ['1f96f'],
          description: 'Round, glossy Kerala bakery buns with a light sweetness, perfect with black tea.',
          additionalInformation: 'Best within 2 days.',
          highlights: ['Teatime classic', 'Soft and sweet'],
        },
      ],
    },
    {
      name: 'Cakes',
      image: '1f370',
      products: [
        {
          sku: 'FF-BAK-007', name: 'Kerala Plum Cake', brand: 'Thrissur Bakes', weight: 500, weightUnit: 'g', mrp: 380, price: 342, taxPercent: 18, stock: 40, images: ['1f370', '1f347'],
          description: 'Dark, moist plum cake packed with raisins, tutti-frutti, cashews and warm spices, baked the Kerala way with caramelised sugar.',
          additionalInformation: 'Keep in a cool, dry place; best within 3 weeks.',
          highlights: ['Loaded with fruit', 'Caramel rich'],
        },
        {
          sku: 'FF-BAK-008', name: 'Rich Christmas Plum Cake', brand: 'Thrissur Bakes', weight: 1, weightUnit: 'kg', mrp: 850, price: 765, taxPercent: 18, stock: 0, images: ['1f382', '1f370', '1f381'],
          description: 'Our festive plum cake with fruit soaked for six weeks, walnuts and cashews, wrapped in a gift tin.',
          additionalInformation: 'Baked in December only. Keeps for 6 weeks in a cool, dry place.',
          highlights: ['Festive special', 'Gift tin', 'Fruit soaked six weeks'],
        },
        {
          sku: 'FF-BAK-009', name: 'Butter Sponge Cake', brand: 'Thrissur Bakes', weight: 300, weightUnit: 'g', mrp: 140, price: 140, taxPercent: 18, stock: 35, images: ['1f370', '1f9c8'],
          description: 'Light, golden sponge made with real butter, lovely with tea.',
          additionalInformation: 'Keep in a cool place; best within 5 days.',
          highlights: ['Real butter', 'Light and airy'],
        },
        {
          sku: 'FF-BAK-010', name: 'Chocolate Truffle Cake', brand: 'Thrissur Bakes', weight: 500, weightUnit: 'g', mrp: 520, price: 520, taxPercent: 18, stock: 12, images: ['1f382', '1f36b'],
          description: 'Layers of chocolate sponge and silky dark chocolate ganache, finished with chocolate shavings.',
          additionalInformation: 'Keep refrigerated and eat within 2 days. Contains egg and dairy.',
          highlights: ['Dark chocolate ganache', 'Celebration cake'],
        },
        {
          sku: 'FF-BAK-011', name: 'Pineapple Pastry', brand: 'Thrissur Bakes', weight: 2, weightUnit: 'pcs', mrp: 120, price: 108, taxPercent: 18, stock: 30, images: ['1f370', '1f34d'],
          description: 'Soft vanilla sponge layered with whipped cream and pineapple pieces.',
          additionalInformation: 'Keep refrigerated and eat within a day.',
          highlights: ['Fresh cream', 'Real pineapple'],
        },
        {
          sku: 'FF-BAK-012', name: 'Banana Walnut Cake', brand: 'Thrissur Bakes', weight: 350, weightUnit: 'g', mrp: 260, price: 234, taxPercent: 18, stock: 30, images: ['1f370', '1f34c', '1f330'],
          description: 'Moist tea cake made with ripe Robusta bananas and toasted walnuts.',
          additionalInformation: 'Keep in a cool place; best within 5 days.',
          highlights: ['Ripe bananas', 'Toasted walnuts'],
        },
        {
          sku: 'FF-BAK-013', name: 'Chocolate Cupcakes', brand: 'Thrissur Bakes', weight: 4, weightUnit: 'pcs', mrp: 160, price: 144, taxPercent: 18, stock: 40, images: ['1f9c1', '1f36b'],
          description: 'Four chocolate cupcakes topped with a swirl of chocolate buttercream.',
          additionalInformation: 'Keep in a cool place; best within 3 days.',
          highlights: ['Party ready', 'Buttercream swirl'],
        },
      ],
    },
    {
      name: 'Rusks & Cookies',
      image: '1f36a',
      products: [
        {
          sku: 'FF-BAK-014', name: 'Milk Rusk', brand: 'Thrissur Bakes', weight: 300, weightUnit: 'g', mrp: 70, price: 65, taxPercent: 5, stock: 90, images: ['1f35e', '1f95b'],
          description: 'Twice-baked golden rusks with milk, made for dunking in chai.',
          additionalInformation: 'Store airtight; stays crisp for 2 months.',
          highlights: ['Twice baked', 'Chai companion'],
        },
        {
          sku: 'FF-BAK-015', name: 'Cake Rusk', brand: 'Thrissur Bakes', weight: 250, weightUnit: 'g', mrp: 110, price: 99, taxPercent: 5, stock: 60, images: ['1f370', '2615'],
          description: 'Crisp, buttery slices of twice-baked cake with a light vanilla sweetness.',
          additionalInformation: 'Store airtight; stays crisp for 2 months.',
          highlights: ['Buttery', 'Crisp'],
        },
        {
          sku: 'FF-BAK-016', name: 'Coconut Cookies', brand: 'Thrissur Bakes', weight: 200, weightUnit: 'g', mrp: 90, price: 90, taxPercent: 18, stock: 70, images: ['1f36a', '1f965'],
          description: 'Crunchy cookies baked with desiccated Kerala coconut.',
          additionalInformation: 'Store airtight; best within 6 weeks.',
          highlights: ['Kerala coconut', 'Crunchy'],
        },
        {
          sku: 'FF-BAK-017', name: 'Butter Cookies', brand: 'Thrissur Bakes', weight: 300, weightUnit: 'g', mrp: 150, price: 135, taxPercent: 18, stock: 55, images: ['1f36a', '1f9c8'],
          description: 'Melt-in-the-mouth butter cookies in a resealable tub.',
          additionalInformation: 'Store airtight; best within 6 weeks.',
          highlights: ['Real butter', 'Resealable tub'],
        },
        {
          sku: 'FF-BAK-018', name: 'Nankhatai', brand: 'Thrissur Bakes', weight: 250, weightUnit: 'g', mrp: 120, price: 108, taxPercent: 12, stock: 50, images: ['1f36a'],
          description: 'Crumbly ghee shortbread with cardamom and a pistachio on top.',
          additionalInformation: 'Store airtight; best within 4 weeks.',
          highlights: ['Made with ghee', 'Cardamom'],
        },
        {
          sku: 'FF-BAK-019', name: 'Cashew Cookies', brand: 'Thrissur Bakes', weight: 200, weightUnit: 'g', mrp: 140, price: 126, taxPercent: 18, stock: 45, images: ['1f36a', '1f95c'],
          description: 'Golden cookies studded with chopped Kollam cashews.',
          additionalInformation: 'Store airtight; best within 6 weeks.',
          highlights: ['Kollam cashews', 'Crunchy'],
        },
      ],
    },
    {
      name: 'Puffs & Savouries',
      image: '1f950',
      products: [
        {
          sku: 'FF-BAK-020', name: 'Veg Puffs', brand: 'Thrissur Bakes', weight: 4, weightUnit: 'pcs', mrp: 100, price: 90, taxPercent: 5, stock: 40, images: ['1f950', '1f955'],
          description: 'Flaky puff pastry filled with spiced potato, carrot and peas. Warm them in the oven for 5 minutes.',
          additionalInformation: 'Baked the morning of delivery; best the same day.',
          highlights: ['Flaky pastry', 'Baked today'],
        },
        {
          sku: 'FF-BAK-021', name: 'Egg Puffs', brand: 'Thrissur Bakes', weight: 4, weightUnit: 'pcs', mrp: 120, price: 120, taxPercent: 5, stock: 35, images: ['1f950', '1f95a'],
          description: 'The Kerala bakery favourite: half a boiled egg in spicy onion masala, wrapped in buttery puff pastry.',
          additionalInformation: 'Baked the morning of delivery; best the same day.',
          highlights: ['Kerala bakery classic', 'Onion masala'],
        },
        {
          sku: 'FF-BAK-022', name: 'Dilkush', brand: 'Thrissur Bakes', weight: 2, weightUnit: 'pcs', mrp: 60, price: 54, taxPercent: 5, stock: 40, images: ['1f96f', '1f965'],
          description: 'Soft sweet bread stuffed with coconut, sugar and tutti-frutti, a Kerala bakery classic.',
          additionalInformation: 'Best within 2 days.',
          highlights: ['Coconut filling', 'Teatime treat'],
        },
        {
          sku: 'FF-BAK-023', name: 'Cream Bun', brand: 'Thrissur Bakes', weight: 4, weightUnit: 'pcs', mrp: 80, price: 72, taxPercent: 5, stock: 45, images: ['1f96f', '1f366'],
          description: 'Soft buns split and filled with sweet vanilla butter cream.',
          additionalInformation: 'Keep in a cool place; best within 2 days.',
          highlights: ['Kids favourite', 'Vanilla cream'],
        },
        {
          sku: 'FF-BAK-024', name: 'Mushroom Puffs', brand: 'Thrissur Bakes', weight: 4, weightUnit: 'pcs', mrp: 140, price: 126, taxPercent: 5, stock: 25, images: ['1f950', '1f344'],
          description: 'Puff pastry filled with button mushrooms sautéed with pepper and onion.',
          additionalInformation: 'Baked the morning of delivery; best the same day.',
          highlights: ['Pepper mushroom', 'Flaky pastry'],
        },
        {
          sku: 'FF-BAK-025', name: 'Cheese Straws', brand: 'Thrissur Bakes', weight: 150, weightUnit: 'g', mrp: 90, price: 81, taxPercent: 12, stock: 35, images: ['1f968', '1f9c0'],
          description: 'Crisp twisted pastry sticks baked with cheddar and a pinch of chilli.',
          additionalInformation: 'Store airtight; best within 3 weeks.',
          highlights: ['Real cheddar', 'Crisp'],
        },
      ],
    },
  ],
};

/** Categories in id order (1 Fresh Fruits … 6 Bakery). */
export const demoCatalog: DemoCategory[] = [fruits, vegetables, sweets, pickles, dryFruits, bakery];

/** Home carousel, in display order; images live in public/media/banners/. */
export const demoBanners: DemoBanner[] = [
  {
    title: 'Farm fresh, every morning',
    description: 'Handpicked fruit and vegetables from Thrissur farms, at your door the same day.',
    image: 'banners/farm-fresh.svg',
    cta: 'Shop Now',
  },
  {
    title: 'Mango season is here',
    description: 'Alphonso, Banganapalli, Priyur and Moovandan, naturally ripened without carbide.',
    image: 'banners/mango-season.svg',
    cta: 'Shop Fruits',
    ctaLink: '/category/1/subcategories',
  },
  {
    title: 'Sweets for every celebration',
    description: 'Kozhikode halwa, unniyappam, Mysore pak and payasam mixes for the festive table.',
    image: 'banners/sweets.svg',
    cta: 'Explore Sweets',
    ctaLink: '/category/3/subcategories',
  },
  {
    title: 'Free delivery over ₹499',
    description: 'Stock up on Kollam cashews, pickles and fresh bakes, and we deliver across Thrissur for free.',
    image: 'banners/free-delivery.svg',
  },
];

/** Where the shop delivers: Thrissur, postal codes starting 680. */
export const demoDeliveryAreas = [{ name: 'Thrissur', postalCodePrefixes: ['680'] }];

/** Promo codes, each exercising one rule of the promo check (see docs/demo-shop.md). */
export const demoPromoCodes: DemoPromoCode[] = [
  { code: 'FRESH5', description: '5% off any order', percentOff: 5, minOrder: 0 },
  { code: 'WELCOME10', description: '10% off your first order of ₹499 or more', percentOff: 10, minOrder: 499, perCustomerLimit: 1 },
  { code: 'MANGO15', description: '15% off: the mango festival has ended', percentOff: 15, minOrder: 0, startsInDays: -30, endsInDays: -1 },
  { code: 'ONAM20', description: '20% off Onam orders of ₹999 or more, starting next week', percentOff: 20, minOrder: 999, startsInDays: 7, endsInDays: 21 },
  { code: 'STAFF25', description: '25% off: retired staff code', percentOff: 25, minOrder: 0, isActive: false },
  { code: 'LUCKY50', description: '50% off for the first shopper only', percentOff: 50, minOrder: 0, maxUses: 1 },
];
