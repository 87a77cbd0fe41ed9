// Temporary: screenshots of the main screens at 375 and 1280 px (not committed).
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:4395';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 }, baseURL: base });
  const page = await context.newPage();
  const h = { origin: base };
  await page.route(/\/\d+\/\d+\/\d+\.png/, (r) => r.abort());
  const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const reg = await (await page.request.post('/api/register', { data: { name: 'Asha Menon', email: 'a@example.com', mobile: phone }, headers: h })).json();
  await page.request.post('/api/otp-login', { data: { key: phone, otp: reg.data.demo_otp }, headers: h });
  await page.request.post('/api/customer/add-address', { data: { name: 'Asha Menon', mobile: '+919876543210', building_num: '12/345, Thekkinkadu Maidan East Gate Apartments Block C', street: 'Round South Swaraj Round Near Vadakkunnathan Temple', city: 'Thrissur', po_box: '680001', latitude: 10.52, longitude: 76.21 }, headers: h });
  await page.request.post('/api/customer/add-product', { data: { product_id: 1, qty: 2 }, headers: h });
  await page.request.post('/api/customer/add-product', { data: { product_id: 5, qty: 1 }, headers: h });
  for (const [name, path] of [['home', '/'], ['listing', '/category/1/subcategories'], ['product', '/product/1'], ['cart', '/cart'], ['checkout', '/checkout']]) {
    await page.goto(path);
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: name !== 'home' });
  }
  await page.getByRole('radio', { name: 'Pay by Cash On Delivery' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('heading', { name: 'Order Confirmed' }).waitFor();
  await page.screenshot({ path: `/tmp/shots/confirmation-${width}.png` });
  const orders = (await (await page.request.get('/api/customer/my-orders')).json()).data.orders;
  await page.goto(`/track-order?order=${orders[0].id}`);
  await page.screenshot({ path: `/tmp/shots/tracking-${width}.png`, fullPage: true });
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(width, 'tracking scrollWidth', sw);
  await context.close();
}
await browser.close();
