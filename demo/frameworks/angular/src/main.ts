import '@angular/compiler'; // JIT: the template is compiled in the browser, no Angular CLI needed
import 'adpx-offers/define'; // registers <adpx-offers>
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { AppComponent } from './app.component.js';

bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch(
  (error: unknown) => console.error(error),
);
