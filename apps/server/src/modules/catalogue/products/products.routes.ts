import {
  PRODUCT_LOG_EXPORT_MAX_ROWS,
  addOnGroupEndpoints,
  categoryEndpoints,
  locationEndpoints,
  productEndpoints,
  productLogEndpoints,
  stockEndpoints,
} from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { AddOnsService } from './add-ons.service';
import type { CategoriesService } from './categories.service';
import type { LocationsService } from './locations.service';
import type { StockService } from './stock.service';
import type { ProductLogService } from './product-log.service';
import type { ProductsService } from './products.service';

export function productsRoutes(
  host: RouteHost,
  catalogue: {
    products: ProductsService;
    categories: CategoriesService;
    addOns: AddOnsService;
    log: ProductLogService;
    locations: LocationsService;
    stock: StockService;
  },
): void {
  const { app } = host;
  const { products, categories, addOns, log, locations, stock } = catalogue;

  // Built by presenters that write exactly the contract's keys (http/presented-answers.ts).
  registerEndpoint(app, host, productEndpoints.list, async ({ ctx, query }) => products.list(ctx.business.row.id, query), { presented: true });
  registerEndpoint(app, host, productEndpoints.get, async ({ ctx, params }) => products.get(ctx.business.row.id, params.product_id));
  registerEndpoint(app, host, productEndpoints.create, async ({ ctx, body }) => products.create(ctx, body));
  registerEndpoint(app, host, productEndpoints.update, async ({ ctx, params, body }) => products.update(ctx, params.product_id, body));
  registerEndpoint(app, host, productEndpoints.archive, async ({ ctx, params }) => products.archive(ctx, params.product_id));
  registerEndpoint(app, host, productEndpoints.unarchive, async ({ ctx, params }) => products.unarchive(ctx, params.product_id));
  registerEndpoint(app, host, productEndpoints.setAddOnGroups, async ({ ctx, params, body }) =>
    products.setAddOnGroups(ctx, params.product_id, body.group_ids),
  );
  registerEndpoint(app, host, productEndpoints.setImages, async ({ ctx, params, body }) => products.setImages(ctx, params.product_id, body.media_ids));

  registerEndpoint(app, host, categoryEndpoints.list, async ({ ctx }) => categories.list(ctx.business.row.id));
  registerEndpoint(app, host, categoryEndpoints.get, async ({ ctx, params }) => categories.get(ctx.business.row.id, params.category_id));
  registerEndpoint(app, host, categoryEndpoints.create, async ({ ctx, body }) => categories.create(ctx, body));
  registerEndpoint(app, host, categoryEndpoints.update, async ({ ctx, params, body }) => categories.update(ctx, params.category_id, body));
  registerEndpoint(app, host, categoryEndpoints.reorder, async ({ ctx, body }) => categories.reorder(ctx, body.category_ids));
  registerEndpoint(app, host, categoryEndpoints.remove, async ({ ctx, params, query }) => categories.remove(ctx, params.category_id, query.move_to));
  registerEndpoint(app, host, categoryEndpoints.assign, async ({ ctx, body }) => categories.assign(ctx, body.category_id, body.product_ids));

  registerEndpoint(app, host, addOnGroupEndpoints.list, async ({ ctx }) => addOns.list(ctx.business.row.id));
  registerEndpoint(app, host, addOnGroupEndpoints.get, async ({ ctx, params }) => addOns.get(ctx.business.row.id, params.group_id));
  registerEndpoint(app, host, addOnGroupEndpoints.create, async ({ ctx, body }) => addOns.create(ctx, body));
  registerEndpoint(app, host, addOnGroupEndpoints.update, async ({ ctx, params, body }) => addOns.update(ctx, params.group_id, body));
  registerEndpoint(app, host, addOnGroupEndpoints.remove, async ({ ctx, params }) => addOns.remove(ctx, params.group_id));

  registerEndpoint(app, host, productLogEndpoints.list, async ({ ctx, query }) => log.list(ctx, query));
  registerEndpoint(app, host, productLogEndpoints.export, async ({ ctx, query, reply }) => {
    const { csv, filename, truncated } = await log.exportCsv(ctx, query);
    // A text/csv string is sent as it is (the JSON serializer only handles JSON answers).
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-export-row-limit', String(PRODUCT_LOG_EXPORT_MAX_ROWS))
      .header('x-export-truncated', String(truncated));
    return csv;
  });

  registerEndpoint(app, host, locationEndpoints.list, async ({ ctx, query }) => locations.list(ctx.business.row.id, query));
  registerEndpoint(app, host, locationEndpoints.get, async ({ ctx, params }) => locations.get(ctx.business.row.id, params.location_id));
  registerEndpoint(app, host, locationEndpoints.create, async ({ ctx, body }) => locations.create(ctx, body));
  registerEndpoint(app, host, locationEndpoints.update, async ({ ctx, params, body }) => locations.update(ctx, params.location_id, body));
  registerEndpoint(app, host, locationEndpoints.archive, async ({ ctx, params }) => locations.archive(ctx, params.location_id));
  registerEndpoint(app, host, locationEndpoints.unarchive, async ({ ctx, params }) => locations.unarchive(ctx, params.location_id));
  registerEndpoint(app, host, locationEndpoints.settings, async ({ ctx }) => locations.settings(ctx.business.row.id));
  registerEndpoint(app, host, locationEndpoints.saveSettings, async ({ ctx, body }) => locations.saveSettings(ctx, body));

  registerEndpoint(app, host, stockEndpoints.adjust, async ({ ctx, body }) => stock.adjust(ctx, body));
  registerEndpoint(app, host, stockEndpoints.setThresholds, async ({ ctx, body }) => stock.setThresholds(ctx, body.lines));
}
