/**
 * The words of the frame every page shares (src/content/site/labels.json): the skip link, the top
 * bar, the section navigation bars, the footer and the legal pages' "Last updated". The addresses
 * the links lead to are not words: they come from src/model/routes.ts.
 */
import { z } from 'astro/zod';
import { text } from './text';

const subNav = (what: string) =>
  z
    .strictObject({
      label: text(`Name screen readers give the ${what} navigation bar`),
      title: text(`Link at the start of the ${what} bar, to the overview page`),
    })
    .describe(`The navigation bar of the ${what} pages.`);

export const labelsSchema = z
  .strictObject({
    skipLink: text('First link of every page, for keyboard users, e.g. "Skip to main content"'),
    topBar: z
      .strictObject({
        homeLink: text('What screen readers hear for the logo link, after the company name, e.g. "home"'),
        navigation: text('Name screen readers give the main navigation, e.g. "Main"'),
        smallScreenNavigation: text(
          'Name screen readers give the main navigation inside the small-screen menu, e.g. "Main (small screens)"',
        ),
        menu: text('Name of the menu button on small screens, e.g. "Menu"'),
        technologies: text('Technologies menu'),
        viewAllTechnologies: text('Last link of the Technologies menu, e.g. "View All Technologies"'),
        products: text('Products menu'),
        viewAllProducts: text('Last link of the Products menu, e.g. "View All Products"'),
        about: text('Link to the About page'),
        careers: text('Link to the Careers page'),
        contact: text('Button to the Contact page, e.g. "Contact Us"'),
      })
      .describe('The top bar and its menus.'),
    subNav: z
      .strictObject({
        technologies: subNav('technology'),
        categories: subNav('product category'),
        toggle: text('Button that opens the bar on small screens, e.g. "Categories"'),
      })
      .describe('The navigation bars of the technology and product category pages.'),
    footer: z
      .strictObject({
        navigation: text('What screen readers hear before the name of each group of footer links, e.g. "Footer"'),
        resources: text('Heading of the company links'),
        technologies: text('Heading of the technology links'),
        products: text('Heading of the product category links'),
        about: text('Link to the About page'),
        careers: text('Link to the Careers page'),
        portfolio: text('Link to the Portfolio page'),
        contact: text('Link to the Contact page'),
        search: text('Link to the Search page, which lists every product A-Z'),
        privacyPolicy: text('Link to the privacy policy'),
        termsOfService: text('Link to the terms of service'),
        rights: text('Words after the company name in the copyright line, e.g. "All rights reserved."'),
      })
      .describe('The footer.'),
    regions: z
      .strictObject({
        keyFigures: text('Name screen readers give the rotating statistic of the home page, e.g. "Key figures"'),
        missionAndVision: text('Name screen readers give the mission and vision cards of the About page'),
        technologies: text('Name screen readers give the technology cards of the Technologies page'),
        categories: text('Name screen readers give the category cards of the Products page'),
        portfolio: text('Name screen readers give the category cards of the Portfolio page'),
      })
      .describe('Names of page regions that have no visible heading, for screen readers.'),
    liteMode: z
      .strictObject({
        control: text('The footer button that turns lite mode on and off, e.g. "Lite mode"'),
        description: text('One line next to the lite mode button saying what it does'),
        showPicture: text('Button in place of a product picture in lite mode, which loads it, e.g. "Show picture"'),
        on: text(
          'The line at the top of every page while lite mode is on, e.g. "Lite mode is on: pictures load when you ask."',
        ),
        turnOff: text('The button in that line that turns lite mode off, e.g. "Turn it off"'),
      })
      .describe(
        'Lite mode, for slow and expensive connections: the footer control, the line at the top of the page while it is on, and the button in place of a product picture.',
      ),
    overviewHeading: text(
      'Heading above the long description of a technology or category page; {title} is replaced by its title, e.g. "About {title}"',
    ).refine((heading) => heading.includes('{title}'), {
      error: 'overviewHeading must contain {title}, where the technology or category title goes',
    }),
    legal: z
      .strictObject({ lastUpdated: text('Words before the date on the legal pages, e.g. "Last updated"') })
      .describe('The privacy policy and terms of service.'),
    catalogue: z
      .strictObject({
        breadcrumb: text('Name screen readers give the trail above an item, e.g. "Breadcrumb"'),
        requestSample: text('Item page button, e.g. "Request a sample"'),
        askAboutProduct: text('Item page button, e.g. "Ask about this product"'),
        requestDataSheet: text('Item page button when the item has no technical data sheet'),
        requestSafetyDataSheet: text(
          'Item page button when the item has no safety data sheet, e.g. "Request the safety data sheet"',
        ),
        details: text('Heading of an item\'s fields, e.g. "Product details"'),
        documents: text('Heading of an item\'s documents, e.g. "Documents"'),
        technologies: text('Heading of the technologies an item draws on'),
        more: text('Heading of the other items of the category; {category} is its name'),
        allItems: text("Link to a large category's whole list; {count} and {category} are filled in"),
        printedAsOf: text('Words before the date at the foot of a printed item page, e.g. "as of"'),
        pages: text('Name screen readers give the page links of a long category; {category} is its name'),
        pageOf: text('Which page of a long list this is; {page} and {pages} are filled in'),
        pageDescription: text(
          'Description for search engines of page 2 and on of a long category; {category}, {page} and {pages} are filled in',
        ),
        previous: text('Link to the previous page of a long list'),
        next: text('Link to the next page of a long list'),
        typicalProperties: text('Heading of an item\'s table of typical properties, e.g. "Typical properties"'),
        typicalPropertiesCaption: text(
          'Caption of that table, read with it by screen readers; {name} is the item\'s name, e.g. "Typical values of {name}"',
        ),
        propertyColumns: z
          .strictObject({
            name: text('Heading of the column of property names, e.g. "Property"'),
            value: text('Heading of the column of values with their units, e.g. "Typical value"'),
            testMethod: text('Heading of the column of test methods, e.g. "Test method"'),
          })
          .describe('The column headings of the table of typical properties.'),
        handling: text('Heading of an item\'s packaging, storage and shelf life, e.g. "Packaging and storage"'),
        handlingFields: z
          .strictObject({
            packaging: text('Label of how the item is packed, e.g. "Packaging"'),
            storage: text('Label of how to store it, e.g. "Storage"'),
            shelfLife: text('Label of how long it keeps, e.g. "Shelf life"'),
          })
          .describe('The labels under that heading.'),
        compliance: text('Heading of the schemes an item complies with, e.g. "Compliance"'),
        certificateNumber: text('Label of a compliance entry\'s certificate number, e.g. "Certificate number"'),
        validUntil: text('Label of the date a compliance entry runs out, e.g. "Valid until"'),
        verify: text(
          'Link to the page that verifies a compliance entry; {scheme} is its scheme, e.g. "Verify {scheme} online"',
        ),
        inheritedFact: text(
          'Under industries, application methods or substrates a product takes from its category; {category} is its name, e.g. "As for the whole {category} range"',
        ),
        itemIndex: text(
          'Heading of the list of every item a category page opens with (name and code, each linked to its page); {category} is its name, e.g. "{category} at a glance"',
        ),
      })
      .describe('The words of item pages and of long category lists.'),
    facts: z
      .strictObject({
        properties: text("Label of an item's properties, on its card and its page"),
        benefits: text("Label of an item's benefits, on its card and its page"),
        features: text("Label of an item's features, on its card and its page"),
        keyProducts: text("Label of an item's key products, on its card and its page"),
        series: text("Label of an item's series, on its card and its page"),
        finishes: text("Label of an item's finishes, on its card and its page"),
        variants: text("Label of an item's variants, on its card and its page"),
        information: text("Label of an item's information, on its card and its page"),
        advantages: text("Label of an item's advantages, on its card and its page"),
        applications: text("Label of an item's applications, on its card and its page"),
        industries: text("Label of an item's industries, on its card and its page"),
        applicationMethods: text("Label of an item's application methods, on its card and its page"),
        substrates: text('Label of the fibres an item is for, on its card and its page, e.g. "Substrates"'),
        media: text("Label of an item's media, on its card and its page"),
        nature: text("Label of an item's nature, on its card and its page"),
        compliance: text("Label of an item's compliance, on its card and its page"),
        testMethod: text("Label of an item's test method, on its card and its page"),
        specialNote: text("Label of an item's note, on its card and its page"),
      })
      .describe('The labels of the facts of a catalogue item (its fields), on its card and its page.'),
  })
  .describe('The words of the top bar, menus, footer and other parts every page shares.');

export type Labels = z.infer<typeof labelsSchema>;
/** A fact of a catalogue item, by the key its label has in `facts`. */
export type FactKey = keyof Labels['facts'];
